import type { FetchLike } from '../../../electron/kernel/http';

export interface RecordedCall {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  signal: AbortSignal | undefined;
}

export type FakeHandler = (call: RecordedCall, index: number) => Response | Promise<Response>;

export interface FakeFetch {
  fetch: FetchLike;
  calls: RecordedCall[];
}

function headersOf(init: RequestInit): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init.headers).forEach((value, key) => {
    out[key.toLowerCase()] = value;
  });
  return out;
}

/** A fetch that records every call and answers with `handler`. Honours the abort signal. */
export function createFakeFetch(handler: FakeHandler): FakeFetch {
  const calls: RecordedCall[] = [];
  const fetch: FetchLike = async (input, init) => {
    const call: RecordedCall = {
      url: new URL(input),
      method: init.method ?? 'GET',
      headers: headersOf(init),
      body: typeof init.body === 'string' ? init.body : undefined,
      signal: init.signal ?? undefined,
    };
    const index = calls.length;
    calls.push(call);
    if (call.signal?.aborted) throw call.signal.reason;
    const result = handler(call, index);
    if (!call.signal) return result;
    const signal = call.signal;
    return new Promise<Response>((resolve, reject) => {
      const onAbort = (): void => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      Promise.resolve(result).then(
        (r) => {
          signal.removeEventListener('abort', onAbort);
          resolve(r);
        },
        (e: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(e);
        },
      );
    });
  };
  return { fetch, calls };
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** An invoice list item as the real service sends it (docs/service.md, List responses). */
export function wireInvoice(n: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    '@url': `https://api.example/3/invoices/${n}`,
    Balance: 0,
    Booked: true,
    Cancelled: false,
    CostCenter: '',
    Currency: 'SEK',
    CurrencyRate: '1',
    CurrencyUnit: 1,
    CustomerName: `Customer ${n}`,
    CustomerNumber: String(1000 + n),
    DocumentNumber: String(n),
    DueDate: '2024-02-01',
    ExternalInvoiceReference1: '',
    ExternalInvoiceReference2: '',
    InvoiceDate: '2024-01-02',
    InvoiceType: 'INVOICE',
    NoxFinans: false,
    OCR: `${n}33`,
    VoucherNumber: 12,
    VoucherSeries: 'B',
    VoucherYear: 1,
    WayOfDelivery: 'EMAIL',
    TermsOfPayment: '30',
    Project: '',
    Sent: true,
    Total: 1250.5,
    FinalPayDate: '2024-01-20',
    ...overrides,
  };
}

/** A list response for page `page` of `total` invoices. */
export function wirePage(page: number, limit: number, total: number): Record<string, unknown> {
  const totalPages = Math.ceil(total / limit);
  const first = (page - 1) * limit + 1;
  const invoices = [];
  for (let n = first; n <= Math.min(total, page * limit); n += 1) invoices.push(wireInvoice(n));
  return { MetaInformation: { '@TotalResources': total, '@TotalPages': totalPages, '@CurrentPage': page }, Invoices: invoices };
}
