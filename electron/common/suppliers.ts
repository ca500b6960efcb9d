/**
 * The supplier register (leverantörer), `GET /3/suppliers`: who the owner buys from
 * (docs/service.md, Supplier register). Pure data and types, shared by the main process, the
 * renderer and the CLI. The service has no balance field: what the company owes each supplier,
 * how late it pays them and their last bill are the local copy's own figures, from the supplier
 * invoices (SupplierFigures).
 */

/** One item of the supplier list. Every text field is '' when the service leaves it out. */
export interface Supplier {
  /** The supplier's identity at the service (usually digits, kept as text; the number in its URL). */
  supplierNumber: string;
  name: string;
  organisationNumber: string;
  address1: string;
  address2: string;
  zipCode: string;
  city: string;
  countryCode: string;
  phone: string;
  email: string;
  /** The bank details as the service gives them: bankgiro, plusgiro, account, IBAN and BIC. */
  bg: string;
  pg: string;
  bankAccountNumber: string;
  iban: string;
  bic: string;
  /** *Assumed* in the list item, as for customers (a boolean or "true"/"false"); null when the item does not say. */
  active: boolean | null;
  /** The service's URL of the single supplier, when sent. */
  url?: string;
}

/**
 * What the local copy knows of a supplier from its bills (common/lists/supplier-figures.ts), in SEK
 * at each bill's own rate, rounded to öre: the balance of its bills to pay (common/payables.ts:
 * not cancelled, a balance, booked or not; credit invoices count, negative) and of those overdue
 * (due before today), how many are to pay, how late the company pays it (the customers' habit
 * rule, common/cash-outlook.ts: the median days late over its paid bills of the last 365 days,
 * never below 0; null without one) and its latest InvoiceDate on or before today of a bill not
 * cancelled (null: none). All null when the grid is answered by the service (no copy).
 */
export interface SupplierFigures {
  owed: number | null;
  overdue: number | null;
  openBills: number | null;
  paysDaysLate: number | null;
  lastBill: string | null;
}

/** Active, inactive, or not said by the service (the item has no Active): in neither chip. */
export function supplierActivityOf(supplier: Pick<Supplier, 'active'>): 'active' | 'inactive' | 'unknown' {
  return supplier.active === null ? 'unknown' : supplier.active ? 'active' : 'inactive';
}

export type SupplierActivity = ReturnType<typeof supplierActivityOf>;

/** A supplier as the grid shows it: the list fields, the copy's figures, a status and the figures' currency. */
export type SupplierRow = Omit<Supplier, 'url'> & SupplierFigures & { status: SupplierActivity; currency: 'SEK' };
