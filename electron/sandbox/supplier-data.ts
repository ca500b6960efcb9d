// A company's supplier invoices, generated deterministically from the seed and `today` with their
// own PRNG (so adding them changed none of the customer invoices), lazily and in steps like the
// invoices: 20,000 for the large company cost nothing until first used, then a few tens of ms.
//
// What the generator makes (and the filters find): booked and unbooked ones (recent ones are often
// not booked yet), credit invoices (negative Total and Balance), EUR and USD invoices from foreign
// suppliers (CurrencyRate a string), paid ones with FinalPayDate and payment vouchers, partly paid
// ones, unpaid ones overdue against the service clock, some awaiting approval (AuthorizePending, no
// AuthorizerName yet), some with a payment under way (PaymentPending), a few cancelled; most with a
// scan (PDF, PNG or JPEG), some without.

import { DAY_MS, dayFormatter } from './dates';
import { ocrFor } from './luhn';
import { FIRST_NAMES, SURNAMES } from './names';
import { createRng, type Rng } from './prng';
import { generateSuppliers, type Supplier } from './supplier-registry';
import type { CompanyKey, SandboxSupplierInvoice, SupplierScan, SupplierVoucher } from './types';

/** A supplier invoice as stored: the record plus what the service needs internally. */
export interface StoredSupplierInvoice extends Omit<SandboxSupplierInvoice, 'LastModified'> {
  lastModifiedMs: number;
  /** GivenNumber as a number (records are kept in this order). */
  givenNo: number;
  /** The cost account its rows are booked on (from its supplier); not an API field of the list. */
  costAccount: number;
}

export interface SupplierInvoiceSource {
  count: number;
  /** The company's suppliers, whom its invoices come from (made first from the same PRNG; the supplier register is exactly these). */
  suppliers(): readonly Supplier[];
  /** All of them in GivenNumber order (generates the rest now if needed; memoised). */
  records(): StoredSupplierInvoice[];
  /** Generates the next few thousand; true once all exist. */
  generateSome(): boolean;
}

/** Supplier invoices and suppliers per demo company; the large company's count is an option. */
const SHAPES: Record<Exclude<CompanyKey, 'client'>, { invoices: (large: number) => number; suppliers: number }> = {
  small: { invoices: () => 120, suppliers: 25 },
  large: { invoices: (large) => large, suppliers: 400 },
  unlicensed: { invoices: () => 40, suppliers: 10 },
  empty: { invoices: () => 0, suppliers: 0 },
};

/** Three people at each company approve (attest) supplier invoices. */
export function approvers(seed: string, tenantId: string): string[] {
  const rng = createRng(`${seed}:${tenantId}:approvers`);
  return [0, 1, 2].map(() => `${rng.pick(FIRST_NAMES)} ${rng.pick(SURNAMES)}`);
}

/** `client`: a client company's own counts (a firm's world); the demo companies' come from SHAPES. */
export function supplierInvoiceSource(seed: string, key: CompanyKey, tenantId: string, todayDay: number, largeCount: number, client?: { supplierInvoices: number; suppliers: number }): SupplierInvoiceSource {
  const shape = key === 'client' ? { invoices: () => client?.supplierInvoices ?? 0, suppliers: client?.suppliers ?? 0 } : SHAPES[key];
  const count = shape.invoices(largeCount);
  let records: StoredSupplierInvoice[] | undefined;
  let steps: Generator<void, StoredSupplierInvoice[], void> | undefined;
  let made: { rng: Rng; suppliers: Supplier[] } | undefined;
  // The suppliers come first from the stream, the invoices after them, whichever is asked for first.
  const start = (): { rng: Rng; suppliers: Supplier[] } => {
    if (!made) {
      const rng = createRng(key === 'client' ? `${seed}:client:${tenantId}:supplierinvoices` : `${seed}:${key}:supplierinvoices`);
      made = { rng, suppliers: generateSuppliers(rng, shape.suppliers, key === 'small') };
    }
    return made;
  };
  const advance = (all: boolean): StoredSupplierInvoice[] | undefined => {
    if (records) return records;
    if (!steps) {
      const { rng, suppliers } = start();
      steps = generateInSteps(rng, count, todayDay, suppliers, approvers(seed, tenantId), key === 'small');
    }
    let step = steps.next();
    while (all && !step.done) step = steps.next();
    if (!step.done) return undefined;
    records = step.value;
    return records;
  };
  return { count, suppliers: () => start().suppliers, records: () => advance(true) ?? [], generateSome: () => advance(false) !== undefined };
}

/** The company's cost centres (some supplier invoices and suppliers name one). */
export const COST_CENTERS = ['ADM', 'SÄLJ', 'PROD', 'SERV'];
const PROJECTS = ['1', '2', '3', '10', '12', '25'];
const HISTORY_DAYS = 3 * 365;
const RECENT_DAYS = 30;
const STEP_SIZE = 1_000;

/**
 * The states the recent invoices take in turn (older ones are drawn at random, mostly paid), so
 * every company with invoices, the small ones too, has each of them whatever the seed: awaiting
 * approval, a payment under way, open, not booked, paid, partly paid, cancelled, a credit invoice.
 */
const RECENT_KINDS = ['authorize', 'payment', 'open', 'unbooked', 'paid', 'partly', 'cancelled', 'credit'] as const;

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** 8 hex digits from one PRNG draw (a UUID takes four: cheap for 20,000 records). */
function hex8(rng: Rng): string {
  return Math.floor(rng.next() * 2 ** 32).toString(16).padStart(8, '0');
}

/** A scan for most invoices: the archive's FileId is a UUID, as the service's are. */
function scanFor(rng: Rng, cancelled: boolean, invoiceNumber: string, givenNo: number): SupplierScan | null {
  if (!rng.chance(cancelled ? 0.5 : 0.88)) return null;
  const [a, b, c, d] = [hex8(rng), hex8(rng), hex8(rng), hex8(rng)];
  // Version 4, variant 10xx, like a random UUID.
  const fileId = `${a}-${b.slice(0, 4)}-4${b.slice(5)}-${'89ab'[parseInt(c[0] ?? '0', 16) % 4] ?? '8'}${c.slice(1, 4)}-${c.slice(4)}${d}`;
  const roll = rng.next();
  if (roll < 0.65) return { FileId: fileId, Name: `Faktura_${invoiceNumber}.pdf`, ContentType: 'application/pdf' };
  if (roll < 0.85) return { FileId: fileId, Name: `skanning_${String(givenNo).padStart(5, '0')}.png`, ContentType: 'image/png' };
  return { FileId: fileId, Name: `IMG_${rng.int(1000, 9999)}.jpg`, ContentType: 'image/jpeg' };
}

function* generateInSteps(rng: Rng, count: number, todayDay: number, suppliers: readonly Supplier[], staff: readonly string[], awkward: boolean): Generator<void, StoredSupplierInvoice[], void> {
  if (count === 0 || suppliers.length === 0) return [];
  const fmt = dayFormatter();
  // The last `recent` invoices fall in the last RECENT_DAYS days (at least their natural share, and
  // enough in a small company that each RECENT_KINDS state occurs twice); the rest before them.
  const recent = Math.min(count, Math.max(Math.round((count * RECENT_DAYS) / HISTORY_DAYS), Math.min(2 * RECENT_KINDS.length, Math.floor(count / 4))));
  const days = new Float64Array(count);
  for (let i = 0; i < count; i += 1) {
    days[i] = i < count - recent ? todayDay - HISTORY_DAYS + Math.floor(rng.next() * (HISTORY_DAYS - RECENT_DAYS)) : todayDay - RECENT_DAYS + Math.floor(rng.next() * (RECENT_DAYS + 1));
  }
  days.sort(); // registered in date order, so GivenNumber follows InvoiceDate
  const kindOffset = rng.int(0, RECENT_KINDS.length - 1);
  const todayStart = todayDay * DAY_MS;
  const voucherNumbers = new Map<string, number>();
  const nextVoucher = (series: string, day: number): SupplierVoucher => {
    const year = new Date(day * DAY_MS).getUTCFullYear();
    const number = (voucherNumbers.get(`${series}${year}`) ?? 0) + 1;
    voucherNumbers.set(`${series}${year}`, number);
    return { Number: number, Year: year, Series: series, ReferenceType: series === 'D' ? 'SUPPLIERINVOICE' : 'SUPPLIERPAYMENT' };
  };
  const records = new Array<StoredSupplierInvoice>(count);

  for (let i = 0; i < count; i += 1) {
    if (i > 0 && i % STEP_SIZE === 0) yield;
    const givenNo = i + 1;
    const invoiceDay = days[i] as number;
    const age = todayDay - invoiceDay;
    // The two awkward names (CSV tests) on GivenNumber 3 and 5, on the first page.
    const pinned = awkward && (givenNo === 3 || givenNo === 5) ? suppliers[suppliers.length - (givenNo === 3 ? 2 : 1)] : undefined;
    const supplier = pinned ?? (suppliers[Math.floor(rng.next() ** 2 * suppliers.length)] as Supplier);
    supplier.nextInvoiceNumber += rng.int(1, 40);
    const invoiceNumber = String(supplier.nextInvoiceNumber);
    const dueDay = invoiceDay + supplier.terms;

    const rate = supplier.currency === 'EUR' ? round2(10.8 + rng.next() * 1.1) : supplier.currency === 'USD' ? round2(9.3 + rng.next() * 1.6) : 1;
    const [low, high] = supplier.cost.range;
    const kind = i >= count - recent ? RECENT_KINDS[(i + kindOffset) % RECENT_KINDS.length] : undefined;
    const credit = kind === 'credit' || (kind === undefined && rng.chance(0.04));
    let sek = Math.exp(Math.log(low) + rng.next() * (Math.log(high) - Math.log(low)));
    if (credit) sek = -sek * (0.1 + rng.next() * 0.5);
    // SEK invoices in whole kronor (öresavrundning), foreign ones with cents.
    const total = supplier.currency === 'SEK' ? Math.round(sek) : round2(sek / rate);

    const cancelled = kind === 'cancelled' || (kind === undefined && rng.chance(0.02));
    let booked = false;
    let balance = total;
    let finalPayDay: number | null = null;
    let eventDay = invoiceDay;
    const vouchers: SupplierVoucher[] = [];
    if (!cancelled) {
      // Cancelled ones were never booked (a booked supplier invoice is credited instead).
      // A business books and pays its bills: a few stay unbooked or unpaid for long, most of what is
      // open falls due in the coming weeks (the cash outlook's money out), a few are late.
      booked = kind === undefined ? !rng.chance(age <= 14 ? 0.5 : age <= 60 ? 0.02 : 0.003) : kind !== 'unbooked' && (kind !== 'authorize' || rng.chance(0.5));
      const roll = rng.next();
      const [paid, partly] = age > 365 ? [0.995, 0.003] : dueDay < todayDay - 30 ? [0.98, 0.01] : dueDay < todayDay ? [0.85, 0.03] : [0.2, 0.02];
      const pays = kind === undefined ? (roll < paid ? 'paid' : roll < paid + partly ? 'partly' : null) : kind === 'paid' || kind === 'partly' ? kind : null;
      if (booked) vouchers.push(nextVoucher('D', invoiceDay));
      if (booked && pays === 'paid') {
        balance = 0;
        finalPayDay = Math.max(invoiceDay, Math.min(todayDay, dueDay + rng.int(-6, 3)));
        eventDay = finalPayDay;
        vouchers.push(nextVoucher('E', finalPayDay));
      } else if (booked && !credit && pays === 'partly') {
        balance = round2(total - round2(total * (0.2 + rng.next() * 0.6)));
        eventDay = Math.min(todayDay, invoiceDay + rng.int(1, supplier.terms));
        vouchers.push(nextVoucher('E', eventDay));
      }
    }
    const open = !cancelled && balance !== 0;
    const authorizePending = open && (kind === 'authorize' || (kind === undefined && rng.chance(age <= 30 ? 0.35 : 0.03)));
    // A payment under way: approved, booked and owed; at random only for one due from ten days ago on.
    const payable = open && booked && !authorizePending && balance > 0;
    const paymentPending = payable && (kind === 'payment' || (kind === undefined && dueDay >= todayDay - 10 && rng.chance(0.3)));
    if (paymentPending) eventDay = Math.max(eventDay, Math.min(todayDay, dueDay - 2));
    const lastModifiedMs = eventDay >= todayDay ? todayStart : eventDay * DAY_MS + Math.floor(rng.next() * DAY_MS);

    records[i] = {
      GivenNumber: String(givenNo),
      SupplierNumber: supplier.number,
      SupplierName: supplier.name,
      InvoiceNumber: invoiceNumber,
      InvoiceDate: fmt(invoiceDay),
      DueDate: fmt(dueDay),
      FinalPayDate: finalPayDay === null ? '' : fmt(finalPayDay),
      Total: total,
      Balance: balance,
      Currency: supplier.currency,
      CurrencyRate: String(rate),
      CurrencyUnit: 1,
      Booked: booked,
      Cancelled: cancelled,
      OCR: supplier.usesOcr ? ocrFor(`${supplier.number}${invoiceNumber}`) : '',
      CostCenter: rng.chance(0.25) ? rng.pick(COST_CENTERS) : '',
      Project: rng.chance(0.12) ? rng.pick(PROJECTS) : '',
      ExternalInvoiceNumber: '',
      ExternalInvoiceSeries: '',
      AuthorizerName: cancelled || authorizePending ? '' : rng.pick(staff),
      AuthorizePending: authorizePending,
      PaymentPending: paymentPending,
      Vouchers: vouchers,
      Scan: scanFor(rng, cancelled, invoiceNumber, givenNo),
      lastModifiedMs,
      givenNo,
      costAccount: supplier.cost.account,
    };
  }
  return records;
}
