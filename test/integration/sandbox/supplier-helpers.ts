// Helpers for the supplier invoice tests: the list over real HTTP, all its pages, and the scopes.

import type { Sandbox, SandboxSupplierInvoice } from '../../../electron/sandbox';
import { getJson, type JsonResponse, type Meta } from './helpers';

/** The scopes of the supplier side (and its scans). */
export const SUPPLIER_SCOPES = ['supplierinvoice', 'connectfile', 'archive'] as const;

export type SupplierItem = Record<string, unknown> & { GivenNumber: string; Total: string; Balance: string };
export interface SupplierList {
  MetaInformation: Meta;
  SupplierInvoices: SupplierItem[];
}

export function query(params: Record<string, string | number>): string {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return qs ? `?${qs}` : '';
}

export function supplierInvoices(sandbox: Sandbox, token: string, params: Record<string, string | number> = {}): Promise<JsonResponse<SupplierList>> {
  return getJson<SupplierList>(`${sandbox.apiUrl}/3/supplierinvoices${query(params)}`, token);
}

/** Every page of a query at limit 500, as a sync reads it. */
export async function readAllSupplierPages(sandbox: Sandbox, token: string, params: Record<string, string | number> = {}): Promise<SupplierItem[]> {
  const all: SupplierItem[] = [];
  for (let page = 1; ; page += 1) {
    const res = await supplierInvoices(sandbox, token, { limit: 500, ...params, page });
    if (res.status !== 200) throw new Error(`page ${page}: ${res.status} ${res.text}`);
    all.push(...res.body.SupplierInvoices);
    if (res.body.MetaInformation['@CurrentPage'] >= res.body.MetaInformation['@TotalPages']) return all;
  }
}

export const givenNumbers = (items: ReadonlyArray<{ GivenNumber: string }>): string[] => items.map((item) => item.GivenNumber);

/**
 * The filters computed independently from the control records (the semantics the README states),
 * for comparison with what the service answers.
 */
export function expectedFilter(records: readonly SandboxSupplierInvoice[], filter: string, today: string): string[] {
  const test: Record<string, (r: SandboxSupplierInvoice) => boolean> = {
    cancelled: (r) => r.Cancelled,
    unbooked: (r) => !r.Cancelled && !r.Booked,
    unpaid: (r) => !r.Cancelled && r.Balance !== 0,
    unpaidoverdue: (r) => !r.Cancelled && r.Balance !== 0 && r.DueDate < today,
    fullypaid: (r) => !r.Cancelled && r.Balance === 0,
    authorizepending: (r) => !r.Cancelled && r.AuthorizePending,
    pendingpayment: (r) => !r.Cancelled && r.PaymentPending,
  };
  const match = test[filter];
  if (!match) throw new Error(`no such filter ${filter}`);
  return records.filter(match).map((r) => r.GivenNumber);
}
