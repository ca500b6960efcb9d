/**
 * "What changed since you last looked" (issue 38): the events a company's copy records, and the
 * digest the app, the notifications and the `digest` command read from them. Pure types and rules;
 * the copy records them (mirror/digest-schema.ts: changes, by triggers in each page's transaction;
 * mirror/digest.ts: the date-driven kinds, when a digest is read).
 */

/** The kinds, in the order a digest lists its groups (what an owner wants first, first). */
export const digestKinds = [
  'invoice-paid',
  'invoice-part-paid',
  'invoice-overdue',
  'customer-later-than-usual',
  'invoice-new',
  'invoice-cancelled',
  'invoice-removed',
  'bill-due-soon',
  'bill-new',
  'bill-approved',
  'bill-paid',
  'bill-removed',
] as const;
export type DigestKind = (typeof digestKinds)[number];

/** The kinds found by comparing dates with today when a digest is read, not by a sync seeing a change. */
export const dateDrivenKinds: readonly DigestKind[] = ['invoice-overdue', 'bill-due-soon', 'customer-later-than-usual'];

export type DigestResource = 'invoices' | 'supplierinvoices';

export function resourceOfKind(kind: DigestKind): DigestResource {
  return kind.startsWith('bill-') ? 'supplierinvoices' : 'invoices';
}

/** One event as the CLI's JSON gives it (issue 38's field names). */
export interface DigestEvent {
  /** The copy's own number of the event (ascending in the order recorded). */
  seq: number;
  kind: DigestKind;
  resource: DigestResource;
  /** DocumentNumber or GivenNumber. */
  id: string;
  /** The service's time (ISO) at the start of the read that saw the change, or the day (YYYY-MM-DD) of a date-driven kind. */
  at: string;
  /** In the invoice's currency, two decimals: new: its Total; paid: the balance before; part-paid: what was paid; overdue and the rest: the balance. */
  amount: number;
  currency: string;
  /** The balance after the change (null: the item was removed). */
  balanceAfter: number | null;
  counterpartyNumber: string;
  counterpartyName: string;
}

/** Each kind's line, with a count and sums per currency, in both languages. */
export const digestKindLabels: Record<DigestKind, { sv: string; en: string }> = {
  'invoice-paid': { sv: 'Betalda fakturor', en: 'Invoices paid' },
  'invoice-part-paid': { sv: 'Delbetalda fakturor', en: 'Invoices paid in part' },
  'invoice-overdue': { sv: 'Nya förfallna fakturor', en: 'Newly overdue invoices' },
  'customer-later-than-usual': { sv: 'Senare än kunden brukar', en: 'Later than the customer usually pays' },
  'invoice-new': { sv: 'Nya fakturor', en: 'New invoices' },
  'invoice-cancelled': { sv: 'Makulerade fakturor', en: 'Invoices cancelled' },
  'invoice-removed': { sv: 'Borttagna fakturor', en: 'Invoices removed' },
  'bill-due-soon': { sv: 'Leverantörsfakturor som förfaller inom 7 dagar', en: 'Bills due within 7 days' },
  'bill-new': { sv: 'Nya leverantörsfakturor', en: 'New bills' },
  'bill-approved': { sv: 'Attesterade leverantörsfakturor', en: 'Bills approved' },
  'bill-paid': { sv: 'Betalda leverantörsfakturor', en: 'Bills paid' },
  'bill-removed': { sv: 'Borttagna leverantörsfakturor', en: 'Bills removed' },
};

/** Days a date-driven condition looks ahead (bills) or allows beyond a customer's usual lateness. */
export const DUE_SOON_DAYS = 7;
export const LATER_THAN_USUAL_DAYS = 7;
/** Events older than this are dropped when a digest is read. */
export const KEEP_EVENTS_DAYS = 400;
