import { isOverdue } from './owed';

/**
 * One status per invoice, derived the same way for the grid and for the export (the main process
 * computes it and sends it to the renderer, so the two can never disagree).
 *
 * Order of the rules (the first that matches wins):
 *   1. cancelled     the invoice is cancelled (whatever its balance says)
 *   2. unbooked      not yet booked (a draft: nothing is owed yet)
 *   3. paid          balance 0
 *   4. overdue       balance left and the due date is before today
 *   5. partly-paid   0 < balance < total
 *   6. unpaid        anything else (balance equal to the total, or a credit invoice with a balance)
 *
 * `today` is the caller's local calendar date as `YYYY-MM-DD`: dates are compared as text, which
 * orders exactly like the dates for that format. An invoice without a due date is never overdue.
 */

/** What the status reads of an invoice (common/invoices.ts Invoice). */
export interface StatusInput {
  cancelled: boolean;
  booked: boolean;
  balance: number;
  total: number;
  /** YYYY-MM-DD, or '' when the invoice has none. */
  dueDate: string;
}

/** The answers are the statuses themselves (common/invoices.ts InvoiceStatus is this function's return type). */
export function deriveStatus(invoice: StatusInput, today: string) {
  if (invoice.cancelled) return 'cancelled';
  if (!invoice.booked) return 'unbooked';
  const { balance, total } = invoice;
  if (balance === 0) return 'paid';
  // Overdue by the one rule (common/owed.ts): owed and due before today, a credit note too.
  if (isOverdue({ booked: true, cancelled: false, balance, dueDate: invoice.dueDate }, today)) return 'overdue';
  if (balance > 0 && balance < total) return 'partly-paid';
  return 'unpaid';
}

/** The service keeps Swedish time: "today" and "overdue" follow its calendar, not the PC's zone. */
const SERVICE_TIME_ZONE = 'Europe/Stockholm';
const serviceCalendar = new Intl.DateTimeFormat('en-CA', { timeZone: SERVICE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The service's (Swedish) calendar date of a moment, as `YYYY-MM-DD`. */
export function serviceDate(epochMs: number): string {
  const parts = Object.fromEntries(serviceCalendar.formatToParts(new Date(epochMs)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}
