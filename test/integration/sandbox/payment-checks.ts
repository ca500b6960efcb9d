// Helpers for the payment tests: both lists over real HTTP with all their pages, and the invariant
// between invoices and payments checked independently of the sandbox's own code (amounts in öre as
// integers, so no float can hide a missing öre).

import type { Sandbox, SandboxCompany, SandboxPayment } from '../../../electron/sandbox';
import { company, getJson, type JsonResponse, type Meta } from './helpers';

export type Side = 'customer' | 'supplier';
export type Item = Record<string, unknown>;
export interface PaymentList {
  MetaInformation: Meta;
  InvoicePayments?: Item[];
  SupplierInvoicePayments?: Item[];
  ErrorInformation?: Record<string, unknown>;
}

export const PATHS: Record<Side, string> = { customer: '/3/invoicepayments', supplier: '/3/supplierinvoicepayments' };
export const WRAPPERS: Record<Side, 'InvoicePayments' | 'SupplierInvoicePayments'> = { customer: 'InvoicePayments', supplier: 'SupplierInvoicePayments' };
export const LIST_FIELDS = ['@url', 'Amount', 'AmountCurrency', 'Booked', 'Currency', 'CurrencyRate', 'CurrencyUnit', 'InvoiceNumber', 'Number', 'PaymentDate', 'Source'];

export function query(params: Record<string, string | number>): string {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return qs ? `?${qs}` : '';
}

export function payments(sb: Sandbox, side: Side, bearer: string, params: Record<string, string | number> = {}): Promise<JsonResponse<PaymentList>> {
  return getJson<PaymentList>(`${sb.apiUrl}${PATHS[side]}${query(params)}`, bearer);
}

export const itemsOf = (side: Side, body: PaymentList): Item[] => body[WRAPPERS[side]] ?? [];

/** Every page at limit 500, as a sync reads them. */
export async function allPayments(sb: Sandbox, side: Side, bearer: string, params: Record<string, string | number> = {}): Promise<Item[]> {
  const all: Item[] = [];
  for (let page = 1; ; page += 1) {
    const res = await payments(sb, side, bearer, { limit: 500, ...params, page });
    if (res.status !== 200) throw new Error(`page ${page}: ${res.status} ${res.text}`);
    all.push(...itemsOf(side, res.body));
    if (res.body.MetaInformation['@CurrentPage'] >= res.body.MetaInformation['@TotalPages']) return all;
  }
}

export const numbersOf = (items: readonly Item[]): string[] => items.map((item) => String(item['Number']));

export function recordsOf(sb: Sandbox, side: Side, key: SandboxCompany['key']): SandboxPayment[] {
  const tenantId = company(sb, key).tenantId;
  return side === 'customer' ? sb.control.paymentsOf(tenantId) : sb.control.supplierPaymentsOf(tenantId);
}

/** An invoice of either side as the invariant reads it. */
export interface Paid {
  key: string;
  total: number;
  balance: number;
  open: boolean;
  invoiceDate: string;
  finalPayDate: string | null;
  currency: string;
  rate: string;
}

export function paidInvoices(sb: Sandbox, side: Side, key: SandboxCompany['key']): Paid[] {
  const tenantId = company(sb, key).tenantId;
  if (side === 'customer') {
    return sb.control.invoicesOf(tenantId).map((i) => ({
      key: i.DocumentNumber, total: i.Total, balance: i.Balance, open: i.Booked && !i.Cancelled,
      invoiceDate: i.InvoiceDate, finalPayDate: i.FinalPayDate, currency: i.Currency, rate: i.CurrencyRate,
    }));
  }
  return sb.control.supplierInvoicesOf(tenantId).map((r) => ({
    key: r.GivenNumber, total: r.Total, balance: r.Balance, open: r.Booked && !r.Cancelled,
    invoiceDate: r.InvoiceDate, finalPayDate: r.FinalPayDate === '' ? null : r.FinalPayDate, currency: r.Currency, rate: r.CurrencyRate,
  }));
}

const ore = (value: unknown): number => Math.round(Number(value) * 100);

export interface InvariantReport {
  problems: string[];
  /** Payments per invoice key (placed ones only). */
  byInvoice: Map<string, SandboxPayment[]>;
  /** Payments on invoice numbers the company does not have. */
  notPlaced: SandboxPayment[];
}

/**
 * The invariant of the README: for every booked, not cancelled invoice the payments add up to
 * Total − Balance (öre exact) in its currency, Amount is AmountCurrency × CurrencyRate in SEK (to
 * the öre), each between InvoiceDate and today, a paid invoice's last one on its FinalPayDate;
 * drafts and cancelled invoices have none.
 */
export function checkInvariant(invoices: readonly Paid[], records: readonly SandboxPayment[], today: string): InvariantReport {
  const problems: string[] = [];
  const keys = new Set(invoices.map((i) => i.key));
  const byInvoice = new Map<string, SandboxPayment[]>();
  const notPlaced: SandboxPayment[] = [];
  for (const p of records) {
    const key = String(p['InvoiceNumber']);
    if (!keys.has(key)) notPlaced.push(p);
    else byInvoice.set(key, [...(byInvoice.get(key) ?? []), p]);
    if (String(p['PaymentDate']) > today) problems.push(`payment ${String(p['Number'])} dated ${String(p['PaymentDate'])}, after today`);
  }
  for (const invoice of invoices) {
    const mine = byInvoice.get(invoice.key) ?? [];
    if (!invoice.open) {
      if (mine.length > 0) problems.push(`draft or cancelled invoice ${invoice.key} has ${mine.length} payment(s)`);
      continue;
    }
    const sum = mine.reduce((total, p) => total + ore(p['AmountCurrency']), 0);
    if (sum !== ore(invoice.total) - ore(invoice.balance)) problems.push(`invoice ${invoice.key}: payments ${sum} öre, Total − Balance ${ore(invoice.total) - ore(invoice.balance)}`);
    for (const p of mine) {
      const date = String(p['PaymentDate']);
      if (date < invoice.invoiceDate) problems.push(`invoice ${invoice.key}: payment on ${date} before ${invoice.invoiceDate}`);
      if (p['Currency'] !== invoice.currency || p['CurrencyRate'] !== invoice.rate) problems.push(`invoice ${invoice.key}: payment in ${String(p['Currency'])} ${String(p['CurrencyRate'])}`);
      const sek = Math.round(ore(p['AmountCurrency']) * Number(invoice.rate));
      if (Math.abs(sek - ore(p['Amount'])) > 1) problems.push(`invoice ${invoice.key}: Amount ${String(p['Amount'])} is not AmountCurrency × ${invoice.rate}`);
    }
    if (ore(invoice.balance) === 0 && invoice.finalPayDate !== null) {
      const last = mine.map((p) => String(p['PaymentDate'])).sort().at(-1);
      if (last !== invoice.finalPayDate) problems.push(`paid invoice ${invoice.key}: last payment ${String(last)}, FinalPayDate ${invoice.finalPayDate}`);
    }
  }
  return { problems, byInvoice, notPlaced };
}
