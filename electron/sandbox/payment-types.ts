// The payment records of the sandbox's public API (control.paymentsOf, supplierPaymentsOf,
// addPayment, addSupplierPayment), apart from types.ts to keep that module small. Re-exported by
// types.ts and index.ts.
//
// Values are RAW on purpose, as for customers: the two public sources disagree on which payment
// fields are strings (docs/service.md, Payments), so a test may put any JSON value in any field (a string
// Amount on the customer side, a missing PaymentDate, an unknown invoice number) and the client must
// parse every item tolerantly.

/**
 * One payment as stored: every API field it has (the list item's and the single payment's), with
 * whatever value it holds, plus `LastModified`. A generated one has `Amount`, `AmountCurrency`,
 * `Booked`, `Currency`, `CurrencyRate` (a string), `CurrencyUnit`, `InvoiceNumber`, `ModeOfPayment`,
 * `Number`, `PaymentDate`, `Source`, `WriteOffExist` and `CustomerNumber` (customer side) or
 * `SupplierNumber` (supplier side). The customer side holds `Number`, `InvoiceNumber`, `Amount` and
 * `AmountCurrency` as JSON numbers, the supplier side as strings.
 */
export interface SandboxPayment {
  [field: string]: unknown;
  /** ISO 8601 UTC with milliseconds (the `lastmodified` parameter reads it). Not an API field. */
  LastModified: string;
}

/**
 * Raw values for a payment's fields (control.addPayment, addSupplierPayment): any JSON value, for any
 * field name but `@url` and `LastModified`. A key present with the value `undefined` removes the
 * field (a payment without a PaymentDate); over HTTP `"$remove": [names]`.
 */
export type PaymentFields = Readonly<Record<string, unknown>>;

/** The payment part of the control object (SandboxControl extends it). */
export interface PaymentControl {
  /** The customer payments as stored (raw values, LastModified added), in the list's default order. */
  paymentsOf(tenantId: string): SandboxPayment[];
  /** The same for the supplier payments. */
  supplierPaymentsOf(tenantId: string): SandboxPayment[];
  /** Adds a customer payment as given (defaults under `fields`), changing no invoice; stamped now. */
  addPayment(tenantId: string, fields?: PaymentFields): SandboxPayment;
  /** Adds a supplier payment as given (defaults under `fields`), changing no invoice; stamped now. */
  addSupplierPayment(tenantId: string, fields?: PaymentFields): SandboxPayment;
}
