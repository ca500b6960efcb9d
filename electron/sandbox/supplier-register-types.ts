// The supplier register's records in the sandbox's public API and the control object's part for
// them (suppliersOf, addSupplier, updateSupplier), apart from types.ts to keep that module small.
// Re-exported by types.ts and index.ts. Raw values, as every register's (register-types.ts).

import type { RegisterPatch, SandboxRegisterRecord } from './register-types';

/**
 * One supplier as stored: every API field it has (the list item's, the single supplier's and any a
 * test added), with whatever value it holds, plus `LastModified`. A well-formed one has the strings
 * `Address1`, `Address2`, `BG`, `BIC`, `BankAccountNumber`, `City`, `CostCenter`, `CountryCode`,
 * `Currency`, `Email`, `IBAN`, `Name`, `OrganisationNumber`, `PG`, `Phone`, `PreDefinedAccount`,
 * `SupplierNumber`, `ZipCode` (the list item's), `Comments`, `Country`, `OurReference`,
 * `TermsOfPayment`, `VATNumber`, `VATType`, `WWW`, `YourReference` (the single supplier's), and the
 * boolean `Active`.
 */
export type SandboxSupplier = SandboxRegisterRecord;

/** Raw values for a supplier's fields (control.addSupplier, updateSupplier). */
export type SupplierPatch = RegisterPatch;

export interface SupplierRegisterControl {
  /** The supplier register as stored (raw values, LastModified added), in supplier number order. */
  suppliersOf(tenantId: string): SandboxSupplier[];
  /** Adds an active supplier (the next number unless `fields.SupplierNumber` names a free one),
   *  details from the seed (abroad when `fields.CountryCode` names a foreign country), `fields` as
   *  raw values over them; stamped now. Returns it. */
  addSupplier(tenantId: string, fields?: SupplierPatch): SandboxSupplier;
  /** Sets raw values (a key with `undefined` removes the field) and stamps now: rename with
   *  `{ Name }`, deactivate with `{ Active: false }`, activate with `{ Active: true }`. */
  updateSupplier(tenantId: string, supplierNumber: string, patch: SupplierPatch): void;
}
