/**
 * THE rule of what is owed, written once: the receivables overview and its links, the grid's
 * "Obetalda"/"Förfallna"/"Ej bokförda" chips on the local copy, the report CLI and the README all
 * follow it. (The copy's SQL conditions, common/lists/owed-sql.ts: OWED_SQL and the rest, are
 * tested to agree with these predicates on a varied set of invoices.) Pure: the renderer imports
 * it at run time too.
 *
 * Customer invoices:
 *  - owed:    booked, not cancelled, and a balance other than 0 (a credit note's negative balance
 *             counts, negative);
 *  - overdue: owed, with a due date before today (the service's calendar date, Swedish time); an
 *             invoice without a due date is never overdue;
 *  - draft:   not booked and not cancelled ("Utkast"): shown apart, never in owed.
 *
 * Supplier invoices:
 *  - to pay:  not cancelled and a balance other than 0, booked or not (a registered bill is owed;
 *             a credit invoice counts, negative);
 *  - overdue: to pay, with a due date before today.
 */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The fields the customer rule reads. */
export interface OwedInput {
  booked: boolean;
  cancelled: boolean;
  balance: number;
}

/** The fields the supplier rule reads (booked does not matter). */
export interface ToPayInput {
  cancelled: boolean;
  balance: number;
}

/** A due date that is a date and before `today` (both YYYY-MM-DD, compared as text). */
export const dueBefore = (dueDate: string | null | undefined, today: string): boolean => typeof dueDate === 'string' && ISO_DATE.test(dueDate) && dueDate < today;

/** A customer invoice still owed: booked, not cancelled, a balance other than 0. */
export const isOwed = (invoice: OwedInput): boolean => invoice.booked && !invoice.cancelled && invoice.balance !== 0;

/** Owed, and due before `today`. */
export const isOverdue = (invoice: OwedInput & { dueDate: string }, today: string): boolean => isOwed(invoice) && dueBefore(invoice.dueDate, today);

/** A customer invoice not yet booked (and not cancelled): a draft, never owed. */
export const isDraft = (invoice: Pick<OwedInput, 'booked' | 'cancelled'>): boolean => !invoice.booked && !invoice.cancelled;

/** A supplier invoice still to pay: not cancelled, a balance other than 0, booked or not. */
export const isToPay = (invoice: ToPayInput): boolean => !invoice.cancelled && invoice.balance !== 0;

/** To pay, and due before `today`. */
export const isToPayOverdue = (invoice: ToPayInput & { dueDate: string }, today: string): boolean => isToPay(invoice) && dueBefore(invoice.dueDate, today);
