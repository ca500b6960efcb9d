// A company's payments on one side, derived from its invoices (deterministic from the seed and the
// data's `today`) and CONSISTENT with them: for every booked, not cancelled invoice the payments add
// up exactly (to the öre) to Total − Balance in the invoice's currency.
//
// - A fully paid invoice (Balance 0, FinalPayDate set) has its last payment on its FinalPayDate;
//   about one in six is paid in two parts, the first some day between InvoiceDate and FinalPayDate.
// - A partly paid invoice has one or two payments between InvoiceDate and today.
// - A settled credit (Total < 0) has a negative payment.
// - Drafts and cancelled invoices have none; 2-3 payments per side are "not placed": their
//   InvoiceNumber is one the company does not have (a client must tolerate them).
// - Numbers 1..n in PaymentDate order; each is stamped some time on its PaymentDate's day (today's at
//   midnight UTC, never in the service's future); booked but for about half of the last ten days';
//   Source mostly "manual".
//
// One pass over the invoices (no Date objects) and one native sort of packed keys: the 500,000
// invoices of the largest demo company give their payments in well under a second, once.

import { DAY_MS, dayFormatter } from './dates';
import { dayReader, encodePayment, storedPayment, type DayReader, type PayableInvoice, type PaymentSide, type PaymentSpec, type StoredPayment } from './payment-fields';
import { createRng, type Rng } from './prng';

export interface PaymentContext {
  seed: string;
  tenantId: string;
  /** The data's reference day (UTC day number): no payment lies after it. */
  todayDay: number;
  side: PaymentSide;
}

/** A payment before it has its number (numbers follow the PaymentDate order). */
interface Draft extends PaymentSpec {
  day: number;
  /** Not placed: on an invoice number the company does not have. */
  placed: boolean;
  /** Within the day, in ms (drawn now, so the draws do not depend on the sort). */
  timeOfDay: number;
}

/** Ways of paying (bankgiro, plusgiro, autogiro), weighted. */
const MODES: ReadonlyArray<[string, number]> = [['BG', 0.7], ['PG', 0.2], ['AG', 0.1]];
/** Room for 2^26 payments in the packed sort keys (day * 2^26 + sequence stays an exact float). */
const SEQ_SPAN = 2 ** 26;

function mode(rng: Rng): string {
  let roll = rng.next();
  for (const [name, weight] of MODES) {
    if (roll < weight) return name;
    roll -= weight;
  }
  return 'BG';
}

/** A first part of 30-70 % of the whole, in whole kronor when the whole is (SEK invoices are). */
function firstPart(rng: Rng, whole: number): number {
  const unit = whole % 100 === 0 ? 100 : 1;
  return Math.round((whole * (0.3 + rng.next() * 0.4)) / unit) * unit;
}

function draftOf(rng: Rng, ctx: PaymentContext, day: number, on: PaymentSpec['on'], amountOre: number, placed = true): Draft {
  return {
    day,
    placed,
    on,
    amountOre,
    timeOfDay: Math.floor(rng.next() * DAY_MS),
    // Most payments are booked; some of the last ten days' are not yet.
    booked: !(ctx.todayDay - day <= 10 && rng.chance(0.5)),
    source: rng.chance(0.12) ? 'direct' : 'manual',
    mode: mode(rng),
  };
}

/** The payments of one invoice: one, or two parts when there is a day for the first before the last. */
function invoiceDrafts(rng: Rng, ctx: PaymentContext, invoice: PayableInvoice, out: Draft[]): void {
  const paid = invoice.paidOre;
  if (paid === 0) return;
  const invoiceDay = invoice.invoiceDay ?? ctx.todayDay;
  let lastDay: number;
  let twoParts: boolean;
  if (invoice.settled && invoice.finalPayDay !== null) {
    lastDay = Math.min(ctx.todayDay, invoice.finalPayDay);
    twoParts = rng.chance(1 / 6);
  } else {
    const terms = Math.max(1, (invoice.dueDay ?? invoiceDay + 30) - invoiceDay);
    lastDay = Math.min(ctx.todayDay, invoiceDay + rng.int(0, terms + 30));
    twoParts = rng.chance(0.3);
  }
  if (twoParts && lastDay > invoiceDay) {
    const first = firstPart(rng, paid);
    if (first !== 0 && first !== paid) {
      out.push(draftOf(rng, ctx, rng.int(invoiceDay, lastDay - 1), invoice, first));
      out.push(draftOf(rng, ctx, lastDay, invoice, paid - first));
      return;
    }
  }
  out.push(draftOf(rng, ctx, lastDay, invoice, paid));
}

/** 2-3 payments on invoice numbers after the company's last (a mistyped OCR, a prepayment): "not placed". */
function notPlacedDrafts(rng: Rng, ctx: PaymentContext, highest: number, payers: (i: number) => PayableInvoice, size: number, out: Draft[]): void {
  if (size === 0) return;
  const count = rng.int(2, 3);
  for (let k = 0; k < count; k += 1) {
    // Far enough after the last number that invoices a test adds do not reach them.
    const key = String(highest + 10_000 * (k + 1) + rng.int(1, 9_999));
    const payer = payers(rng.int(0, size - 1));
    const day = ctx.todayDay - rng.int(0, 365);
    out.push(draftOf(rng, ctx, day, { key, party: payer.party, currency: 'SEK', rate: '1', unit: 1 }, rng.int(5, 200) * 10_000, false));
  }
}

/**
 * The payments of a company's invoices on one side, in Number (= PaymentDate) order. `payable` sees
 * each record as the payments do (payment-fields.ts), one at a time: no second list of 500,000.
 */
export function buildPayments<T>(ctx: PaymentContext, records: readonly T[], payable: (record: T, day: DayReader) => PayableInvoice): StoredPayment[] {
  const rng = createRng(`${ctx.seed}:${ctx.tenantId}:${ctx.side}-payments`);
  const day = dayReader();
  const drafts: Draft[] = [];
  let highest = 0;
  for (const record of records) {
    const invoice = payable(record, day);
    highest = Math.max(highest, Number(invoice.key) || 0);
    invoiceDrafts(rng, ctx, invoice, drafts);
  }
  notPlacedDrafts(rng, ctx, highest, (i) => payable(records[i] as T, day), records.length, drafts);
  if (drafts.length === 0) return [];

  // Numbered in PaymentDate order, ties in the order drawn: one native sort of day * 2^26 + sequence.
  let firstDay = Infinity;
  for (const draft of drafts) firstDay = Math.min(firstDay, draft.day);
  const packed = new Float64Array(drafts.length);
  for (let i = 0; i < drafts.length; i += 1) packed[i] = ((drafts[i] as Draft).day - firstDay) * SEQ_SPAN + i;
  packed.sort();

  const fmt = dayFormatter();
  const todayStart = ctx.todayDay * DAY_MS;
  const payments = new Array<StoredPayment>(drafts.length);
  for (let n = 0; n < drafts.length; n += 1) {
    const draft = drafts[(packed[n] as number) % SEQ_SPAN] as Draft;
    const lastModifiedMs = draft.day >= ctx.todayDay ? todayStart : draft.day * DAY_MS + draft.timeOfDay;
    payments[n] = storedPayment(n + 1, encodePayment(ctx.side, n + 1, fmt(draft.day), draft), draft.placed, draft.amountOre, lastModifiedMs);
  }
  return payments;
}
