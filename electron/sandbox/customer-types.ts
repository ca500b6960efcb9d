// The customer register's records in the sandbox's public API (control.customersOf, addCustomer,
// updateCustomer), apart from types.ts to keep that module small. Re-exported by types.ts and index.ts.
//
// Values are RAW on purpose: a test may put any JSON value in any field (a string "true" in Active,
// a number in CustomerNumber, null, an unknown field, or no Active at all), because the list item's
// Active is only *assumed* and the client must parse every item tolerantly.

/**
 * One customer as stored: every API field it has (the list item's, the single customer's and any a
 * test added), with whatever value it holds, plus `LastModified`. A well-formed one has the strings
 * `Address1`, `Address2`, `City`, `CustomerNumber`, `Email`, `Name`, `OrganisationNumber`, `Phone`,
 * `ZipCode`, `Currency`, `TermsOfPayment`, `Type`, `VATType` and the boolean `Active`.
 */
export interface SandboxCustomer {
  [field: string]: unknown;
  /** ISO 8601 UTC with milliseconds (the `lastmodified` filter reads it). Not an API field. */
  LastModified: string;
}

/**
 * Raw values for a customer's fields (control.addCustomer, updateCustomer): any JSON value, for any
 * field name but `@url` (the service's address of the customer) and `LastModified`. A key present
 * with the value `undefined` removes the field from the answers (over HTTP: `"$remove": [names]`).
 */
export type CustomerPatch = Readonly<Record<string, unknown>>;
