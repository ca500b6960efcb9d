import { setMaxListeners } from 'node:events';
import { z } from 'zod';
import { createApiClient, type ApiClient, type ApiClientOptions } from '../api/api-client';
import type { Clock } from '../kernel/clock';
import { ApiError, cancelledError } from '../kernel/errors';
import type { FetchLike } from '../kernel/http';
import { invoiceQueryParams, validateInvoiceQuery } from '../api/invoice-query';
import { parseInvoiceDocument } from '../api/invoice-document';
import { parseInvoiceListResponse, type InvoicePage, type OddityReport } from '../api/invoice-list';
import type { InvoiceDocument } from '../common/invoices';
import { createRateLimiter, type Priority, type RateLimiter, type RateLimiterOptions } from '../api/rate-limiter';
import type { TokenManager } from '../auth/token-manager';

/**
 * Everything one connected company needs to talk to the service: its token manager, its own rate
 * limiter (the quota is per access token) and its own HTTP client with its own circuit breaker.
 * Nothing is shared between sessions, so one company's export cannot slow another's grid.
 */

export interface CompanySessionOptions {
  apiUrl: string;
  tokenManager: TokenManager;
  clock: Clock;
  fetch?: FetchLike;
  limiterOptions?: Omit<RateLimiterOptions, 'clock'>;
  /** Timeout, retry, breaker and jitter options of the HTTP client. */
  clientOptions?: Pick<ApiClientOptions, 'timeoutMs' | 'retry' | 'breaker' | 'random'>;
  /** Pages requested ahead while iterating (default 4): enough to keep the limiter's paced slots
   * busy under 50-450 ms latency without piling work into its queue. */
  lookahead?: number;
  /** Told once per list page that held items the app did not expect (kept with empty cells, or dropped). */
  onOddity?: (report: OddityReport) => void;
}

export interface PageRequestOptions {
  priority: Priority;
  signal?: AbortSignal;
}

export interface InvoicePagesOptions extends PageRequestOptions {
  /** Read exactly these pages, in this order; default: from `query.page` (or 1) to the last page. */
  pages?: number[];
  /** Override the session's lookahead for this iteration. */
  lookahead?: number;
}

export interface CompanyInformation {
  name: string;
  organisationNumber: string;
  /** The service's DatabaseNumber, as text. */
  tenantId: string;
  address?: string;
  city?: string;
  countryCode?: string;
}

export interface CompanySession {
  listInvoices(query: unknown, options: PageRequestOptions): Promise<InvoicePage>;
  /** Pages in a fixed order (ascending page number), continuing while currentPage < totalPages.
   * Reads ahead concurrently but yields in order; breaking out of the loop cancels the rest. */
  invoicePages(query: unknown, options: InvoicePagesOptions): AsyncIterable<InvoicePage>;
  companyInformation(options?: Partial<PageRequestOptions>): Promise<CompanyInformation>;
  /** The whole invoice, rows and totals included (`GET /3/invoices/{n}`). */
  invoiceDocument(documentNumber: string, options: PageRequestOptions): Promise<Omit<InvoiceDocument, 'status'>>;
  /** Its PDF from `/preview`: never `/print`, which marks the invoice as sent at the service. */
  invoicePdf(documentNumber: string, options: PageRequestOptions): Promise<Buffer>;
  /** One cheap request (one invoice), no retries: resolves when the service answers, throws what
   * it got otherwise (a network failure while it is still out of reach). */
  ping(options: PageRequestOptions): Promise<void>;
  readonly limiter: RateLimiter;
  readonly tokens: TokenManager;
  readonly client: ApiClient;
  /** Cancels every waiting and running request of this company. */
  close(): void;
}

const textLike = z.union([z.string(), z.number().transform(String)]);

const companyInformationSchema = z.object({
  CompanyInformation: z.object({
    CompanyName: textLike,
    OrganizationNumber: textLike.nullish(),
    DatabaseNumber: textLike.nullish(),
    Address: textLike.nullish(),
    City: textLike.nullish(),
    CountryCode: textLike.nullish(),
  }),
});

export function parseCompanyInformation(json: unknown): CompanyInformation {
  const parsed = companyInformationSchema.safeParse(json);
  if (!parsed.success) {
    throw new ApiError('unavailable', { message: 'The service sent company information the app cannot read.', retryable: false });
  }
  const info = parsed.data.CompanyInformation;
  const result: CompanyInformation = {
    name: info.CompanyName,
    organisationNumber: info.OrganizationNumber ?? '',
    tenantId: info.DatabaseNumber ?? '',
  };
  if (info.Address) result.address = info.Address;
  if (info.City) result.city = info.City;
  if (info.CountryCode) result.countryCode = info.CountryCode;
  return result;
}

/** A DocumentNumber as a path segment: digits only (it is the invoice's identity), never a path of its own. */
function invoicePath(documentNumber: string): string {
  if (!/^\d{1,20}$/.test(documentNumber)) {
    throw new ApiError('bad-request', { field: 'documentNumber', message: `"${documentNumber.slice(0, 30)}" is not an invoice number.`, remedy: 'Open an invoice from the list.' });
  }
  return documentNumber;
}

type Settled = { page: InvoicePage } | { error: unknown };

function validatePages(pages: unknown): number[] {
  if (!Array.isArray(pages) || pages.some((p) => typeof p !== 'number' || !Number.isInteger(p) || p < 1)) {
    throw new ApiError('bad-request', { field: 'pages', message: 'Invalid invoice query: "pages" must be a list of whole numbers of at least 1.' });
  }
  return pages as number[];
}

export function createCompanySession(options: CompanySessionOptions): CompanySession {
  const { tokenManager, clock } = options;
  const closing = new AbortController();
  // Every call of this company listens on it (100 waiting calls are normal): not a leak.
  setMaxListeners(0, closing.signal);
  const limiter = createRateLimiter({ ...options.limiterOptions, clock });
  const client = createApiClient({
    apiUrl: options.apiUrl,
    tokens: tokenManager,
    limiter,
    clock,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...options.clientOptions,
  });
  const defaultLookahead = Math.max(1, options.lookahead ?? 4);

  const joined = (signal?: AbortSignal): AbortSignal => {
    if (!signal) return closing.signal;
    const any = AbortSignal.any([signal, closing.signal]);
    setMaxListeners(0, any);
    return any;
  };

  async function fetchPage(query: ReturnType<typeof validateInvoiceQuery>, page: number | undefined, priority: Priority, signal: AbortSignal): Promise<InvoicePage> {
    const params = invoiceQueryParams(page === undefined ? query : { ...query, page });
    let serviceTime: number | undefined;
    const body = await client.get('/3/invoices', params, { priority, signal, onServiceTime: (ms) => (serviceTime = ms) });
    const parsed = parseInvoiceListResponse(body, options.onOddity ? { onOddity: options.onOddity } : {});
    return serviceTime === undefined ? parsed : { ...parsed, serviceTime };
  }

  async function* iterate(queryInput: unknown, opts: InvoicePagesOptions): AsyncGenerator<InvoicePage, void, undefined> {
    const query = validateInvoiceQuery(queryInput);
    const explicit = opts.pages === undefined ? undefined : validatePages(opts.pages);
    const lookahead = Math.max(1, opts.lookahead ?? defaultLookahead);
    const controller = new AbortController();
    const signal = AbortSignal.any([joined(opts.signal), controller.signal]);
    setMaxListeners(0, signal);
    const pending = new Map<number, Promise<Settled>>();
    const start = (page: number): void => {
      pending.set(
        page,
        fetchPage(query, page, opts.priority, signal).then(
          (result) => ({ page: result }),
          (error: unknown) => ({ error }),
        ),
      );
    };
    const take = async (page: number): Promise<InvoicePage> => {
      const settled = await (pending.get(page) as Promise<Settled>);
      pending.delete(page);
      if ('error' in settled) throw settled.error;
      return settled.page;
    };

    try {
      if (explicit) {
        let next = 0;
        for (let i = 0; i < explicit.length; i += 1) {
          while (next < explicit.length && next < i + lookahead) {
            start(explicit[next] as number);
            next += 1;
          }
          yield await take(explicit[i] as number);
        }
        return;
      }

      const firstNumber = query.page ?? 1;
      start(firstNumber);
      const first = await take(firstNumber);
      yield first;
      if (first.currentPage >= first.totalPages) return;

      let known = first.totalPages;
      let cursor = firstNumber + 1;
      const fill = (): void => {
        while (cursor <= known && pending.size < lookahead) {
          start(cursor);
          cursor += 1;
        }
      };
      fill();
      for (let expect = firstNumber + 1; expect <= known; expect += 1) {
        const page = await take(expect);
        yield page;
        // The set may have grown or shrunk while we read: follow what the latest page says.
        if (page.totalPages > known) known = page.totalPages;
        if (page.currentPage >= page.totalPages) break;
        fill();
      }
    } finally {
      // Consumer broke out, a page failed, or we are done: cancel read-ahead and silence its outcome.
      controller.abort(new ApiError('cancelled', { message: 'The page read was stopped.' }));
      await Promise.allSettled(pending.values());
    }
  }

  return {
    async listInvoices(queryInput, { priority, signal }) {
      const query = validateInvoiceQuery(queryInput);
      const s = joined(signal);
      if (s.aborted) throw cancelledError(s);
      return fetchPage(query, undefined, priority, s);
    },
    invoicePages: (queryInput, opts) => ({
      [Symbol.asyncIterator]: () => iterate(queryInput, opts),
    }),
    async invoiceDocument(documentNumber, opts) {
      const body = await client.get(`/3/invoices/${invoicePath(documentNumber)}`, undefined, { priority: opts.priority, signal: joined(opts.signal) });
      return parseInvoiceDocument(body);
    },
    invoicePdf: (documentNumber, opts) => client.getPdf(`/3/invoices/${invoicePath(documentNumber)}/preview`, { priority: opts.priority, signal: joined(opts.signal) }),
    async ping(opts) {
      await client.get('/3/invoices', { limit: 1 }, { priority: opts.priority, signal: joined(opts.signal), maxRetries: 0 });
    },
    async companyInformation(opts = {}) {
      const body = await client.get('/3/companyinformation', undefined, { priority: opts.priority ?? 'interactive', signal: joined(opts.signal) });
      return parseCompanyInformation(body);
    },
    limiter,
    tokens: tokenManager,
    client,
    close(): void {
      closing.abort(new ApiError('cancelled', { message: 'The company session was closed.' }));
      limiter.close();
    },
  };
}
