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
/** isDraft: not booked, not cancelled. */
export const DRAFT_SQL = 'booked = 0 AND cancelled = 0';
/** isToPay (supplier invoices): not cancelled and a balance, booked or not (a registered bill is owed; credit invoices count, negative). */
export const TO_PAY_SQL = 'cancelled = 0 AND balance != 0';
/** isToPayOverdue: to pay, with a due date that is a date and before today. */
export const TO_PAY_OVERDUE_SQL = `${TO_PAY_SQL} AND due_date GLOB '${DATE_GLOB}' AND due_date < :today`;
