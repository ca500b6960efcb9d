// The records of a register (the customers, the suppliers) in the sandbox's public API, shared by
// customer-types.ts and supplier-register-types.ts. Values are RAW on purpose: a test may put any
// JSON value in any field (a string "true" in Active, a number in the record's number, null, an
// unknown field, or no Active at all), because the list item's Active is only *assumed* and the
// client must parse every item tolerantly.

/** One record as stored: every API field it has, with whatever value it holds, plus `LastModified`. */
export interface SandboxRegisterRecord {
  [field: string]: unknown;
  /** ISO 8601 UTC with milliseconds (the `lastmodified` filter reads it). Not an API field. */
  LastModified: string;
}

/**
 * Raw values for a record's fields: any JSON value, for any field name but `@url` (the service's
 * address of the record) and `LastModified`. A key present with the value `undefined` removes the
 * field from the answers (over HTTP: `"$remove": [names]`).
 */
export type RegisterPatch = Readonly<Record<string, unknown>>;
