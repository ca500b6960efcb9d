/**
 * The rule of common/owed.ts on the local copy's columns, for the lists' filters (registry) and the
 * copy's own queries (owed-sql.test.ts checks that each condition holds exactly the invoices its
 * predicate does, on a varied set of invoices). The overview counts by the predicates, its links
 * and the grid's chips filter by these: the two cannot disagree.
 */

/** A text that is a date written YYYY-MM-DD (a due date may be empty at the service). */
export const DATE_GLOB = '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]';

/** isOwed: booked, not cancelled, a balance other than 0 (credit notes too). */
export const OWED_SQL = 'booked = 1 AND cancelled = 0 AND balance != 0';
/** isOverdue: owed, with a due date that is a date and before today. */
export const OVERDUE_SQL = `${OWED_SQL} AND due_date GLOB '${DATE_GLOB}' AND due_date < :today`;
/**
 * What made up the receivables balance at a month end (DSO's links): booked, not cancelled
 * invoices dated on or before :openat whose Total less their payments dated on or before it is not
 * 0 (the statement's rule, common/statement.ts). The payments by their index on invoice number.
 */
export const OPEN_AT_SQL = `booked = 1 AND cancelled = 0 AND invoice_date GLOB '${DATE_GLOB}' AND invoice_date <= :openat AND abs(total - coalesce((SELECT sum(p.amount) FROM invoice_payments p WHERE p.invoice_number = invoices.document_number AND p.payment_date GLOB '${DATE_GLOB}' AND p.payment_date <= :openat), 0)) >= 0.005`;
/** The same for the payables at a month end (DPO's links): supplier invoices not cancelled, booked or not. */
export const TO_PAY_AT_SQL = `cancelled = 0 AND invoice_date GLOB '${DATE_GLOB}' AND invoice_date <= :openat AND abs(total - coalesce((SELECT sum(p.amount) FROM supplier_invoice_payments p WHERE p.invoice_number = supplier_invoices.given_number AND p.payment_date GLOB '${DATE_GLOB}' AND p.payment_date <= :openat), 0)) >= 0.005`;
/** isDraft: not booked, not cancelled. */
export const DRAFT_SQL = 'booked = 0 AND cancelled = 0';
/** isToPay (supplier invoices): not cancelled and a balance, booked or not (a registered bill is owed; credit invoices count, negative). */
export const TO_PAY_SQL = 'cancelled = 0 AND balance != 0';
/** isToPayOverdue: to pay, with a due date that is a date and before today. */
export const TO_PAY_OVERDUE_SQL = `${TO_PAY_SQL} AND due_date GLOB '${DATE_GLOB}' AND due_date < :today`;
