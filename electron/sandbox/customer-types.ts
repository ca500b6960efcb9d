// The customer register's records in the sandbox's public API (control.customersOf, addCustomer,
// updateCustomer), apart from types.ts to keep that module small. Re-exported by types.ts and
// index.ts. Raw values, as every register's (register-types.ts).

import type { RegisterPatch, SandboxRegisterRecord } from './register-types';

/**
 * One customer as stored: every API field it has (the list item's, the single customer's and any a
 * test added), with whatever value it holds, plus `LastModified`. A well-formed one has the strings
 * `Address1`, `Address2`, `City`, `CustomerNumber`, `Email`, `Name`, `OrganisationNumber`, `Phone`,
 * `ZipCode`, `Currency`, `TermsOfPayment`, `Type`, `VATType` and the boolean `Active`.
 */
export type SandboxCustomer = SandboxRegisterRecord;

/** Raw values for a customer's fields (control.addCustomer, updateCustomer). */
export type CustomerPatch = RegisterPatch;
