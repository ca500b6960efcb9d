// The demo companies and their invoices, generated deterministically from a seed and a reference
// date: the same seed and `today` give the same data on every machine, so tests can compute
// expectations and benchmarks are comparable.

import { DAY_MS, dayFormatter } from './dates';
import { ocrFor, organisationNumber } from './luhn';
import { customerName } from './names';
import type { ClientCompanyPlan } from './client-companies';
import { createRng, type Rng } from './prng';
import type { CompanyKey, SandboxInvoice } from './types';

/** An invoice as stored: the API fields plus what the service needs to sort and search fast. */
export interface StoredInvoice extends Omit<SandboxInvoice, 'LastModified'> {
  lastModifiedMs: number;
  /** DocumentNumber as a number (the tie-breaker of every sort order). */
  docNo: number;
  /** CustomerName lower-cased once, for the case-insensitive substring search. */
  nameLower: string;
}

export interface CompanyProfile {
  key: CompanyKey;
  tenantId: string;
  name: string;
  organisationNumber: string;
  licensed: boolean;
  address: string;
  zipCode: string;
  city: string;
  visitAddress: string;
  visitZipCode: string;
  visitCity: string;
  /** A client company's (a firm's world): its plan, with what is wrong with its access. */
  client?: ClientCompanyPlan;
}

/**
 * A company's invoices, generated on demand. Deferred so the server can listen before the large
 * company's 50,000 invoices exist (`npm run sandbox -- --json` must answer within 2 s), and in
 * steps so generating them in the background never blocks the event loop for long (a signal
 * must still be handled promptly: tsx kills a child that does not acknowledge one within 30 ms).
 */
export interface InvoiceSource {
  invoiceCount: number;
  /** All invoices in DocumentNumber order (generates the rest now if needed; memoised). */
  invoices(): StoredInvoice[];
  /** Generates the next few thousand; true once all exist. */
  generateSome(): boolean;
}

export interface GeneratedCompany extends InvoiceSource {
  profile: CompanyProfile;
}

export interface Customer {
  number: string;
  name: string;
}

/** Names the export's CSV tests need: a formula, and a comma, a double quote and a semicolon. */
export const FORMULA_CUSTOMER_NAME = '=HYPERLINK("x")';
export const PUNCTUATION_CUSTOMER_NAME = 'Berg, "Hörnan" & Co; Malmö';

const SMALL_INVOICES = 300;
const UNLICENSED_INVOICES = 120;

type CompanyShape = Omit<CompanyProfile, 'organisationNumber'> & { invoices: (large: number) => number; customers: number };

/** Fixed tenant ids, so tests and docs can name the demo companies. */
const COMPANY_SHAPES: readonly CompanyShape[] = [
  {
    key: 'small', tenantId: '8000001', name: 'Sandbox Småföretag AB', licensed: true,
    address: 'Storgatan 12', zipCode: '722 15', city: 'Västerås',
    visitAddress: 'Storgatan 12', visitZipCode: '722 15', visitCity: 'Västerås',
    invoices: () => SMALL_INVOICES, customers: 40,
  },
  {
    key: 'large', tenantId: '8000002', name: 'Sandbox Storföretag AB', licensed: true,
    address: 'Box 1104', zipCode: '417 05', city: 'Göteborg',
    visitAddress: 'Lilla Bommen 1', visitZipCode: '411 04', visitCity: 'Göteborg',
    invoices: (large) => large, customers: 2_500,
  },
  {
    key: 'unlicensed', tenantId: '8000003', name: 'Sandbox Olicensierad AB', licensed: false,
    address: 'Kungsgatan 3', zipCode: '903 25', city: 'Umeå',
    visitAddress: 'Kungsgatan 3', visitZipCode: '903 25', visitCity: 'Umeå',
    invoices: () => UNLICENSED_INVOICES, customers: 20,
  },
  {
    key: 'empty', tenantId: '8000004', name: 'Sandbox Nystartad AB', licensed: true,
    address: 'Ågatan 7', zipCode: '582 22', city: 'Linköping',
    visitAddress: 'Ågatan 7', visitZipCode: '582 22', visitCity: 'Linköping',
    invoices: () => 0, customers: 0,
  },
];

function clientShape(client: ClientCompanyPlan): CompanyShape {
  return {
    key: 'client', tenantId: client.tenantId, name: client.name, licensed: client.problem !== 'no-licence',
    address: `Box ${Number(client.tenantId) % 9000 + 100}`, zipCode: '100 05', city: client.city,
    visitAddress: 'Storgatan 1', visitZipCode: '100 05', visitCity: client.city,
    invoices: () => client.invoices, customers: client.customers, client,
  };
}

/** The four demo companies, then the client companies of a firm's world (none by default). */
export function generateCompanies(seed: string | number, todayDay: number, largeInvoiceCount: number, clients: readonly ClientCompanyPlan[] = []): GeneratedCompany[] {
  return [...COMPANY_SHAPES, ...clients.map(clientShape)].map((shape) => {
    // Each client its own stream (the key alone is the same for all of them).
    const rng = createRng(shape.key === 'client' ? `${seed}:client:${shape.tenantId}` : `${seed}:${shape.key}`);
    const { invoices: invoiceCount, customers: customerCount, ...rest } = shape;
    const profile: CompanyProfile = { ...rest, organisationNumber: shape.client?.organisationNumber ?? organisationNumber(String(rng.int(100000, 999999))) };
    const customers = generateCustomers(rng, customerCount);
    if (shape.key === 'small') {
      customers.push({ number: String(customers.length + 1), name: FORMULA_CUSTOMER_NAME });
      customers.push({ number: String(customers.length + 1), name: PUNCTUATION_CUSTOMER_NAME });
    }
    const count = invoiceCount(largeInvoiceCount);
    let invoices: StoredInvoice[] | undefined;
    let steps: Generator<void, StoredInvoice[], void> | undefined;
    // The company's own PRNG carries on from the customers, so deferring changes nothing.
    const advance = (all: boolean): StoredInvoice[] | undefined => {
      if (invoices) return invoices;
      steps ??= generateInvoicesInSteps(rng, count, todayDay, customers);
      let step = steps.next();
      while (all && !step.done) step = steps.next();
      if (!step.done) return undefined;
      invoices = step.value;
      if (shape.key === 'small') {
        // Pin the two awkward names on early invoices so they are on the first page by DocumentNumber.
        assignCustomer(invoices[2], customers[customers.length - 2]);
        assignCustomer(invoices[4], customers[customers.length - 1]);
      }
      return invoices;
    };
    return {
      profile,
      invoiceCount: count,
      invoices: () => advance(true) ?? [],
      generateSome: () => advance(false) !== undefined,
    };
  });
}

function assignCustomer(invoice: StoredInvoice | undefined, customer: Customer | undefined): void {
  if (!invoice || !customer) return;
  invoice.CustomerName = customer.name;
  invoice.CustomerNumber = customer.number;
  invoice.nameLower = customer.name.toLowerCase();
}

function generateCustomers(rng: Rng, count: number): Customer[] {
  const seen = new Set<string>();
  const customers: Customer[] = [];
  // The word lists allow far more combinations than needed; the attempt cap only guards a loop.
  for (let attempts = 0; customers.length < count && attempts < count * 50; attempts += 1) {
    const name = customerName(rng);
    if (seen.has(name)) continue;
    seen.add(name);
    customers.push({ number: String(customers.length + 1), name });
  }
  return customers;
}

const TERMS = [10, 15, 20, 30] as const;
const INVOICE_TYPES: ReadonlyArray<[string, number]> = [
  ['INVOICE', 0.88], ['AGREEMENTINVOICE', 0.06], ['CASHINVOICE', 0.03], ['SUMMARYINVOICE', 0.02], ['INTRESTINVOICE', 0.01],
];
const DELIVERY: ReadonlyArray<[string, number]> = [['EMAIL', 0.55], ['PRINT', 0.2], ['EINVOICE', 0.2], ['', 0.05]];
const COST_CENTERS = ['ADM', 'SÄLJ', 'PROD', 'SERV'];
const PROJECTS = ['1', '2', '3', '10', '12', '25'];
const HISTORY_DAYS = 3 * 365;

function weighted(rng: Rng, table: ReadonlyArray<[string, number]>): string {
  let roll = rng.next();
  for (const [value, weight] of table) {
    if (roll < weight) return value;
    roll -= weight;
  }
  return table[0]?.[0] ?? '';
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Invoices generated per step (a few ms each). */
const STEP_SIZE = 1_000;

/**
 * `count` invoices dated over the three years up to `todayDay`, numbered in date order (as a real
 * ledger numbers them). Plain loops and a day-string cache: 50,000 take ~0.1-0.2 s. Yields every
 * STEP_SIZE invoices; the return value is the whole list.
 */
export function* generateInvoicesInSteps(rng: Rng, count: number, todayDay: number, customers: readonly Customer[]): Generator<void, StoredInvoice[], void> {
  if (count === 0 || customers.length === 0) return [];
  const fmt = dayFormatter();
  const firstDay = todayDay - HISTORY_DAYS;
  const days = new Float64Array(count);
  for (let i = 0; i < count; i += 1) days[i] = firstDay + Math.floor(rng.next() * (HISTORY_DAYS + 1));
  days.sort();
  const todayStart = todayDay * DAY_MS;
  const voucherNumbers = new Map<number, number>();
  const invoices: StoredInvoice[] = new Array<StoredInvoice>(count);

  for (let i = 0; i < count; i += 1) {
    if (i > 0 && i % STEP_SIZE === 0) yield;
    const invoiceDay = days[i] as number;
    const age = todayDay - invoiceDay;
    // A skewed pick: some customers get many invoices, most get a few.
    const customer = customers[Math.floor(rng.next() ** 2 * customers.length)] as Customer;
    const terms = rng.pick(TERMS);
    const dueDay = invoiceDay + terms;

    const currencyRoll = rng.next();
    let currency = 'SEK';
    let rate = 1;
    if (currencyRoll < 0.08) {
      currency = 'EUR';
      rate = 10.8 + rng.next() * 1.1;
    } else if (currencyRoll < 0.12) {
      currency = 'USD';
      rate = 9.3 + rng.next() * 1.6;
    }
    rate = round2(rate);
    // Amounts in SEK from 150 to 250,000 (log-uniform), in the invoice currency. A Swedish invoice
    // in SEK is rounded to whole kronor (öresavrundning: the rows' öre go to RoundOff, see
    // invoice-rows.ts); one in EUR or USD keeps its cents.
    const totalSek = Math.exp(Math.log(150) + rng.next() * (Math.log(250_000) - Math.log(150)));
    const total = currency === 'SEK' ? Math.round(totalSek) : round2(totalSek / rate);

    let cancelled = false;
    let booked = false;
    let balance = total;
    let finalPayDay: number | null = null;
    let eventDay = invoiceDay;
    if (rng.chance(0.025)) {
      cancelled = true;
    } else if (rng.chance(age <= 20 ? 0.35 : 0.015)) {
      booked = false; // a draft, not yet booked
    } else {
      booked = true;
      const roll = rng.next();
      const [paid, partly] = age > 365 ? [0.97, 0.01] : dueDay < todayDay ? [0.86, 0.05] : [0.35, 0.08];
      if (roll < paid) {
        balance = 0;
        finalPayDay = Math.min(todayDay, invoiceDay + rng.int(0, terms + 20));
        eventDay = finalPayDay;
      } else if (roll < paid + partly) {
        balance = round2(total - round2(total * (0.1 + rng.next() * 0.8)));
        if (balance <= 0) balance = 0.01;
        eventDay = Math.min(todayDay, invoiceDay + rng.int(1, terms + 30));
      }
    }
    const voucherYear = booked ? new Date(invoiceDay * DAY_MS).getUTCFullYear() : null;
    let voucherNumber: number | null = null;
    if (voucherYear !== null) {
      voucherNumber = (voucherNumbers.get(voucherYear) ?? 0) + 1;
      voucherNumbers.set(voucherYear, voucherNumber);
    }
    const docNo = i + 1;
    // Changes on an earlier day happened some time that day; anything "today" is stamped at
    // midnight, so generated times never lie in the service's future whatever time it starts.
    const lastModifiedMs = eventDay >= todayDay ? todayStart : eventDay * DAY_MS + Math.floor(rng.next() * DAY_MS);

    invoices[i] = {
      Balance: balance,
      Booked: booked,
      Cancelled: cancelled,
      CostCenter: rng.chance(0.2) ? rng.pick(COST_CENTERS) : '',
      Currency: currency,
      CurrencyRate: String(rate),
      CurrencyUnit: 1,
      CustomerName: customer.name,
      CustomerNumber: customer.number,
      DocumentNumber: String(docNo),
      DueDate: fmt(dueDay),
      ExternalInvoiceReference1: rng.chance(0.15) ? `PO-${rng.int(1000, 99999)}` : '',
      ExternalInvoiceReference2: rng.chance(0.05) ? `Ref ${rng.int(100, 999)}` : '',
      InvoiceDate: fmt(invoiceDay),
      InvoiceType: weighted(rng, INVOICE_TYPES),
      NoxFinans: rng.chance(0.02),
      OCR: ocrFor(String(docNo)),
      VoucherNumber: voucherNumber,
      VoucherSeries: booked ? 'B' : null,
      VoucherYear: voucherYear,
      WayOfDelivery: weighted(rng, DELIVERY),
      TermsOfPayment: String(terms),
      Project: rng.chance(0.15) ? rng.pick(PROJECTS) : '',
      Sent: booked || cancelled ? rng.chance(0.97) : rng.chance(0.1),
      Total: total,
      FinalPayDate: finalPayDay === null ? null : fmt(finalPayDay),
      lastModifiedMs,
      docNo,
      nameLower: customer.name.toLowerCase(),
    };
  }
  return invoices;
}
