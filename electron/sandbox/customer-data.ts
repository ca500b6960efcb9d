// The customer register, derived from a company's invoices (deterministic from the seed and the
// data's `today`): exactly the customer numbers its invoices use, each named as its newest invoice
// names it, plus 3-5 customers with no invoice yet, numbered after the highest number in use.
// About one in twelve is inactive (exactly round(n / 12), at least one), so both filters always
// have something to show, whatever the seed.
//
// One pass over the invoices (a Map per customer number, date strings compared as strings, no
// Date objects), so the 500,000-invoice company builds its register in tens of milliseconds, once.

import { customerFields, type CustomerKind } from './customer-contact';
import type { StoredInvoice } from './data';
import { DAY_MS, parseDay } from './dates';
import { customerName, FIRST_NAMES, SURNAMES } from './names';
import { createRng, type Rng } from './prng';

/** One customer as stored. */
export interface StoredCustomer {
  /**
   * Its identity: the number it was created with (its `@url`, GET /3/customers/{n}, the number order).
   * A test that puts another value in the `CustomerNumber` field changes only what is sent.
   */
  number: string;
  /** The API fields as sent, raw (see customer-types.ts); a field absent here is not sent. */
  fields: Record<string, unknown>;
  /**
   * What filter=active|inactive goes by: the service's own state, not its encoding. It follows an
   * `Active` set to true/false or "true"/"false"; any other value, or none, leaves it as it was.
   */
  active: boolean;
  lastModifiedMs: number;
}

export interface RegisterContext {
  seed: string;
  tenantId: string;
  /** The data's reference day (UTC day number): nothing generated lies after it. */
  todayDay: number;
}

const DIGITS = /^\d+$/;

/** Customer numbers in the service's default order: numerically when digits, any other after them in code-unit order. */
export function compareCustomerNumbers(a: string, b: string): number {
  const aDigits = DIGITS.test(a);
  const bDigits = DIGITS.test(b);
  if (aDigits && bDigits) return Number(a) - Number(b) || (a < b ? -1 : a > b ? 1 : 0);
  if (aDigits !== bDigits) return aDigits ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The next number after the highest numeric one (1 for an empty register). */
export function nextCustomerNumber(numbers: Iterable<string>): string {
  let highest = 0;
  for (const number of numbers) if (DIGITS.test(number)) highest = Math.max(highest, Number(number));
  return String(highest + 1);
}

/** A private person's name, as some of a company's customers are. */
export function personName(rng: Rng): string {
  return `${rng.pick(FIRST_NAMES)} ${rng.pick(SURNAMES)}`;
}

interface Draft {
  number: string;
  name: string;
  kind: CustomerKind;
  /** The day the customer was created (its first invoice's) and the day of its last invoice. */
  firstDay: number;
  lastDay: number;
}

/** Changes on an earlier day happened some time that day; "today" is stamped at midnight UTC, never in the service's future (as data.ts does). */
function stamp(rng: Rng, day: number, todayDay: number): number {
  return day >= todayDay ? todayDay * DAY_MS : day * DAY_MS + Math.floor(rng.next() * DAY_MS);
}

/** The customers of the invoices, each once: its name from its newest invoice, its first and last invoice dates. */
function invoiceCustomers(invoices: readonly StoredInvoice[], todayDay: number): Draft[] {
  const seen = new Map<string, { name: string; first: string; last: string }>();
  for (const invoice of invoices) {
    const date = invoice.InvoiceDate;
    const entry = seen.get(invoice.CustomerNumber);
    if (!entry) {
      seen.set(invoice.CustomerNumber, { name: invoice.CustomerName, first: date, last: date });
      continue;
    }
    // Records are in DocumentNumber order, so the last one seen is the newest: its name wins.
    entry.name = invoice.CustomerName;
    if (date < entry.first) entry.first = date;
    if (date > entry.last) entry.last = date;
  }
  const day = (text: string): number => Math.min(todayDay, parseDay(text) ?? todayDay);
  return [...seen.keys()].sort(compareCustomerNumbers).map((number) => {
    const entry = seen.get(number) as { name: string; first: string; last: string };
    return { number, name: entry.name, kind: 'COMPANY', firstDay: day(entry.first), lastDay: day(entry.last) };
  });
}

/** 3-5 customers with no invoice yet (some of them private persons), created within the last year. */
function customersWithoutInvoices(rng: Rng, after: readonly Draft[], todayDay: number): Draft[] {
  const names = new Set(after.map((draft) => draft.name));
  let number = Number(nextCustomerNumber(after.map((draft) => draft.number)));
  const count = rng.int(3, 5);
  const drafts: Draft[] = [];
  for (let attempts = 0; drafts.length < count && attempts < 200; attempts += 1) {
    const kind: CustomerKind = rng.chance(0.35) ? 'PRIVATE' : 'COMPANY';
    const name = kind === 'PRIVATE' ? personName(rng) : customerName(rng);
    if (names.has(name)) continue;
    names.add(name);
    const created = todayDay - rng.int(0, 365);
    drafts.push({ number: String(number), name, kind, firstDay: created, lastDay: created });
    number += 1;
  }
  return drafts;
}

/** Exactly round(n / 12) (at least one) distinct indices, drawn by a partial Fisher-Yates shuffle. */
function inactiveIndices(rng: Rng, n: number): Set<number> {
  const count = n === 0 ? 0 : Math.max(1, Math.round(n / 12));
  const indices = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < count; i += 1) {
    const j = rng.int(i, n - 1);
    [indices[i], indices[j]] = [indices[j] as number, indices[i] as number];
  }
  return new Set(indices.slice(0, count));
}

/** The register of a company with these invoices, in customer number order. */
export function buildRegister(ctx: RegisterContext, invoices: readonly StoredInvoice[]): StoredCustomer[] {
  const rng = createRng(`${ctx.seed}:${ctx.tenantId}:register`);
  const withInvoices = invoiceCustomers(invoices, ctx.todayDay);
  const drafts = [...withInvoices, ...customersWithoutInvoices(rng, withInvoices, ctx.todayDay)];
  const inactive = inactiveIndices(rng, drafts.length);
  return drafts.map((draft, i) => {
    const active = !inactive.has(i);
    let changedDay = draft.firstDay;
    // An inactive customer was switched off some time after its last invoice; some active ones
    // had a detail changed (an address, an e-mail) after they were created.
    if (!active) changedDay = Math.min(ctx.todayDay, draft.lastDay + rng.int(20, 300));
    else if (rng.chance(0.3)) changedDay = rng.int(draft.firstDay, ctx.todayDay);
    return {
      number: draft.number,
      fields: customerFields(ctx.seed, ctx.tenantId, draft.number, draft.name, draft.kind, active),
      active,
      lastModifiedMs: stamp(rng, changedDay, ctx.todayDay),
    };
  });
}
