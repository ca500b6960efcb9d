/**
 * The customer register (kunder), `GET /3/customers`: who the owner's customers are
 * (docs/service.md, Customers). Pure data and types, shared by the main process, the renderer and the CLI. The
 * service has no balance field: what each customer owes, how late they pay and when they were last
 * invoiced are the local copy's own figures, from the customer invoices (CustomerFigures).
 */
import type { ListPageView } from './list-primitives';

/** One item of the customer list. Every text field is '' when the service leaves it out. */
export interface Customer {
  /** The customer's identity at the service (usually digits, kept as text; the number in its URL). */
  customerNumber: string;
  name: string;
  email: string;
  phone: string;
  organisationNumber: string;
  address1: string;
  address2: string;
  zipCode: string;
  city: string;
  /** *Assumed* in the list item (a boolean or "true"/"false"); null when the item does not say. */
  active: boolean | null;
  /** The service's URL of the single customer, when sent. */
  url?: string;
}

/**
 * What the local copy knows of a customer from its invoices (kept per customer, common/lists/customer-figures.ts),
 * in SEK at each invoice's own rate, rounded to öre: the balance of its owed invoices (common/owed.ts)
 * and of those overdue (due before today), how many are owed (credit notes included), its payment
 * habit (common/cash-outlook.ts: median days late, never below 0; null without a paid invoice that
 * counts) and its latest InvoiceDate on or before today of an invoice not cancelled (null: none).
 * All null when the grid is answered by the service (no copy).
 */
export interface CustomerFigures {
  owed: number | null;
  overdue: number | null;
  openInvoices: number | null;
  usuallyPaysDaysLate: number | null;
  lastInvoice: string | null;
}

/** Active, inactive, or not said by the service (the item has no Active): in neither chip. The rule's own answers
 * (their words and order are the registry's, common/lists/customers.ts). */
export type CustomerStatus = ReturnType<typeof customerStatusOf>;

/** A customer as the grid shows it: the list fields, the copy's figures, a status and the figures' currency. */
export type CustomerRow = Omit<Customer, 'url'> & CustomerFigures & { status: CustomerStatus; currency: 'SEK' };

export function customerStatusOf(customer: Pick<Customer, 'active'>) {
  return customer.active === null ? 'unknown' : customer.active ? 'active' : 'inactive';
}

/** Its sums: the view's count, owed (as `total`) and overdue (as `balance`), in SEK. */
export type CustomerPageView = ListPageView<CustomerRow>;

/**
 * A CustomerNumber as the service writes it (letters, digits, - _ .; at most 50): what the statement's
 * channel, the report's --customer and the window's statement button accept. Anything a path or a
 * terminal would act on is refused.
 */
export const CUSTOMER_NUMBER = /^[\p{L}\p{N}_.-]{1,50}$/u;
