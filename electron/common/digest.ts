/**
 * "What changed since you last looked": the events a company's copy records, and the
 * digest the app, the notifications and the `digest` command read from them. Pure types and rules;
 * the copy records them (mirror/storage/digest-schema.ts: changes, by triggers in each page's transaction;
 * mirror/queries/digest.ts: the date-driven kinds, when a digest is read).
 */

import { serviceDate } from './invoice-status';
import { notificationCurrency, notificationSafe, UNKNOWN_CURRENCY } from './notification-text';

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

export type DigestResource = 'invoices' | 'supplierinvoices';

/** One event as the CLI's JSON gives it (field names other tools read, fixed). */
export interface DigestEvent {
  /** The copy's own number of the event (ascending in the order recorded). */
  seq: number;
  kind: DigestKind;
  resource: DigestResource;
  /** DocumentNumber or GivenNumber. */
  id: string;
  /** The service's time (ISO) at the start of the read that saw the change, or the day (YYYY-MM-DD) of a date-driven kind. */
  at: string;
  /** In the invoice's currency, two decimals: paid: the balance before; part-paid: what was paid; overdue, later than usual, due soon: the balance; new, cancelled, removed, approved: its Total. */
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

/** What the window's digest shows of one event: the event and its company. */
export interface DigestItem extends DigestEvent {
  companyId: string;
  companyName: string;
}

export interface DigestGroupView {
  kind: DigestKind;
  count: number;
  /** The sum of the amounts per currency. */
  sums: Record<string, number>;
  /** The newest first (one page). */
  items: DigestItem[];
}

/** A page of one kind's events holds at most this many (each copy reads at most one page for it). */
export const DIGEST_PAGE_MAX = 50;

/**
 * Where the next page of a kind starts: after this event (the last one shown) in the digest's
 * order, newest first: by `at`, then `seq`, then the company's id (two copies may number two events
 * alike). Each copy reads only the page after it, whatever the number of pages before.
 */
export interface DigestCursor {
  at: string;
  seq: number;
  companyId: string;
}

/** The cursor of the page after `item`. */
export function cursorAfter(item: Pick<DigestItem, 'at' | 'seq' | 'companyId'>): DigestCursor {
  return { at: item.at, seq: item.seq, companyId: item.companyId };
}

/** `digest:view`: one company's digest, or every company's (All companies). */
export interface DigestAnswer {
  /** The copies that have none yet (their first read is not complete, or local copies are off) are not in it. */
  unseen: number;
  groups: DigestGroupView[];
  /** Per company, the newest event shown: "Mark all as seen" marks up to it. */
  lastSeq: Record<string, number>;
}

/** "Snooze until tomorrow / next Monday". */
export const snoozeChoices = ['tomorrow', 'next-monday'] as const;
export type SnoozeChoice = (typeof snoozeChoices)[number];

export type DigestMarkRequest = { action: 'seen-all'; upToSeq: number } | { action: 'dismiss'; seq: number } | { action: 'snooze'; seq: number; until: SnoozeChoice };

/**
 * The kinds a desktop notification can tell, as Settings switches them: payments and newly
 * overdue invoices on by default (what an owner acts on), the rest off.
 */
export const notifyGroups = {
  payments: ['invoice-paid', 'invoice-part-paid'],
  overdue: ['invoice-overdue'],
  later: ['customer-later-than-usual'],
  invoices: ['invoice-new', 'invoice-cancelled', 'invoice-removed'],
  bills: ['bill-new', 'bill-approved', 'bill-paid', 'bill-removed', 'bill-due-soon'],
} as const satisfies Record<string, readonly DigestKind[]>;
export type NotifyGroup = keyof typeof notifyGroups;
export const notifyGroupIds = Object.keys(notifyGroups) as NotifyGroup[];

export interface NotificationSettings {
  groups: Record<NotifyGroup, boolean>;
  /** No notification on Saturdays and Sundays (the Swedish calendar); the digest keeps everything. */
  quietWeekends: boolean;
}

export const defaultNotificationSettings: NotificationSettings = {
  groups: { payments: true, overdue: true, later: false, invoices: false, bills: false },
  quietWeekends: false,
};

/** A sync's events of one kind: how many, and their sums per currency. */
export interface KindTally {
  kind: DigestKind;
  count: number;
  sums: Record<string, number>;
}

const NOTE_WORDS = {
  sv: { payments: (n: number) => `${n} ${n === 1 ? 'betalning' : 'betalningar'}`, overdue: (n: number) => `${n} ${n === 1 ? 'ny förfallen' : 'nya förfallna'}`, later: (n: number) => `${n} senare än kunden brukar`, invoices: (n: number) => `${n} ${n === 1 ? 'ändrad faktura' : 'nya eller ändrade fakturor'}`, bills: (n: number) => `${n} ${n === 1 ? 'händelse' : 'händelser'} i leverantörsfakturor`, locale: 'sv-SE', kr: 'kr' },
  en: { payments: (n: number) => `${n} payment${n === 1 ? '' : 's'}`, overdue: (n: number) => `${n} newly overdue`, later: (n: number) => `${n} later than the customer usually pays`, invoices: (n: number) => `${n} invoice${n === 1 ? '' : 's'} new or changed`, bills: (n: number) => `${n} bill${n === 1 ? '' : 's'} changed`, locale: 'en-GB', kr: 'SEK' },
} as const;

/** "12 400 kr" (SEK, whole kronor when whole), "EUR 1 200,50"; a currency that is no code is "¤ 1 200,50". */
function amountText(currency: string, amount: number, lang: 'sv' | 'en'): string {
  const words = NOTE_WORDS[lang];
  const number = amount.toLocaleString(words.locale, { minimumFractionDigits: Number.isInteger(amount) ? 0 : 2, maximumFractionDigits: 2 });
  return currency === 'SEK' ? (lang === 'sv' ? `${number} kr` : `SEK ${number}`) : `${notificationCurrency(currency)} ${number}`;
}

/** SEK first, then the other currency codes, then the currencies that are no code. */
const currencyRank = (currency: string): number => (currency === 'SEK' ? 0 : notificationCurrency(currency) === UNKNOWN_CURRENCY ? 2 : 1);

/** The payments' sums a notification lists, SEK first; more currencies than that are one "…" (a body is a line or two). */
const MAX_AMOUNTS = 4;

/**
 * A sync's desktop notification, or null when none of its events is of a kind switched on: "Storföretag
 * AB: 3 betalningar, 12 400 kr; 2 nya förfallna". One per company per sync, whatever the number of events.
 * The service's text in it (the company's name, the currencies) is notification-safe; `markup`: the
 * OS reads the body as markup (notification-text.ts).
 */
export function notificationText(companyName: string, tallies: readonly KindTally[], settings: NotificationSettings, lang: 'sv' | 'en', markup = true): string | null {
  const words = NOTE_WORDS[lang];
  const parts: string[] = [];
  for (const group of notifyGroupIds) {
    if (!settings.groups[group]) continue;
    const mine = tallies.filter((t) => (notifyGroups[group] as readonly DigestKind[]).includes(t.kind));
    const count = mine.reduce((n, t) => n + t.count, 0);
    if (count === 0) continue;
    if (group !== 'payments') {
      parts.push(words[group](count));
      continue;
    }
    const sums = new Map<string, number>();
    for (const tally of mine) for (const [currency, amount] of Object.entries(tally.sums)) sums.set(currency, (sums.get(currency) ?? 0) + amount);
    const amounts = [...sums.entries()].sort(([a], [b]) => currencyRank(a) - currencyRank(b) || a.localeCompare(b)).map(([currency, amount]) => amountText(currency, Math.round(amount * 100) / 100, lang));
    parts.push([words.payments(count), ...amounts.slice(0, MAX_AMOUNTS), ...(amounts.length > MAX_AMOUNTS ? ['…'] : [])].join(', '));
  }
  return parts.length === 0 ? null : `${notificationSafe(companyName, { markup })}: ${parts.join('; ')}`;
}

/** The day an event concerns, in the service's calendar: a date-driven kind's own day, or the day its read began. */
export function eventDay(event: Pick<DigestEvent, 'at'>): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(event.at) ? event.at : serviceDate(Date.parse(event.at));
}
