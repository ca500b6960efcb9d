import { setMaxListeners } from 'node:events';
import { z } from 'zod';
import { createApiClient, type ApiClient, type ApiClientOptions } from '../api/api-client';
import type { Clock } from '../kernel/clock';
import { ApiError, cancelledError } from '../kernel/errors';
import type { FetchLike } from '../kernel/http';
import { parseInvoiceDocument } from '../api/invoice-document';
import { listEndpoints, type ListEndpoint } from '../api/list-endpoints';
import type { ListPage, ListPageText, OddityReport, PageNumbers } from '../api/list-response';
import { pagesInOrder, validatePages } from '../api/pages-in-order';
import type { ListQuery } from '../api/list-query';
import type { ResourceId, ResourceItems } from '../common/resources';
import type { InvoiceDocument } from '../common/invoices';
import type { ScanKind } from '../common/supplier-invoices';
import { parseScanConnections, parseSupplierInvoiceDocument, scanConnectionPages, type ParsedSupplierInvoiceDocument, type ScanConnection } from '../api/supplier-invoice-document';
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

export interface ListPagesOptions extends PageRequestOptions {
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
  /** A list resource's pages (customer invoices, supplier invoices, ...) in a fixed order (ascending
   * page number), continuing while currentPage < totalPages. Reads ahead concurrently but yields in
   * order; breaking out of the loop cancels the rest. */
  listPages<R extends ResourceId>(resource: R, query: unknown, options: ListPagesOptions): AsyncIterable<ListPage<ResourceItems[R]>>;
  /** As listPages, each page as its text (for the local copy's worker thread to read and store) with its numbers. */
  listPageTexts(resource: ResourceId, query: unknown, options: ListPagesOptions): AsyncIterable<ListPageText>;
  /** One page of any list resource. */
  listPage<R extends ResourceId>(resource: R, query: unknown, options: PageRequestOptions): Promise<ListPage<ResourceItems[R]>>;
  companyInformation(options?: Partial<PageRequestOptions>): Promise<CompanyInformation>;
  /** The whole invoice, rows and totals included (`GET /3/invoices/{n}`). */
  invoiceDocument(documentNumber: string, options: PageRequestOptions): Promise<Omit<InvoiceDocument, 'status'>>;
  /** Its PDF from `/preview`: never `/print`, which marks the invoice as sent at the service. */
  invoicePdf(documentNumber: string, options: PageRequestOptions): Promise<Buffer>;
  /** The whole supplier invoice, its booking rows included (`GET /3/supplierinvoices/{n}`). */
  supplierInvoiceDocument(givenNumber: string, options: PageRequestOptions): Promise<ParsedSupplierInvoiceDocument>;
  /** The scans connected to a supplier invoice (scope connectfile); usually one, often none. */
  scanConnections(givenNumber: string, options: PageRequestOptions): Promise<ScanConnection[]>;
  /** A supplier invoice's scan (its first connection's file from the archive; scopes connectfile and archive); null when none is connected. */
  supplierScan(givenNumber: string, options: PageRequestOptions): Promise<{ bytes: Buffer; kind: ScanKind; name: string } | null>;
  /** One cheap request (one invoice), no retries: resolves when the service answers, throws what
   * it got otherwise (a network failure while it is still out of reach). */
  ping(options: PageRequestOptions): Promise<void>;
  readonly limiter: RateLimiter;
  readonly tokens: TokenManager;
  readonly client: ApiClient;
  /** Cancels every waiting and running request of this company. */
  close(): void;
}

/** Pages of file connections read for one scan at most (10,000 connections matching its number). */
const MAX_SCAN_PAGES = 20;

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

/** A DocumentNumber (or GivenNumber) as a path segment: digits only (it is the invoice's identity), never a path of its own. */
function invoicePath(documentNumber: string): string {
  if (!/^\d{1,20}$/.test(documentNumber)) {
    throw new ApiError('bad-request', { field: 'documentNumber', message: `"${documentNumber.slice(0, 30)}" is not an invoice number.`, remedy: 'Open an invoice from the list.' });
  }
  return documentNumber;
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

  async function fetchPage<T>(endpoint: ListEndpoint<T>, query: ListQuery, page: number | undefined, priority: Priority, signal: AbortSignal): Promise<ListPage<T>> {
    const params = endpoint.params(page === undefined ? query : { ...query, page });
    let serviceTime: number | undefined;
    const body = await client.get(endpoint.path, params, { priority, signal, onServiceTime: (ms) => (serviceTime = ms) });
    const parsed = endpoint.parse(body, options.onOddity ? { onOddity: options.onOddity } : {});
    return serviceTime === undefined ? parsed : { ...parsed, serviceTime };
  }

  /** A page's text, kept for the worker thread that stores it, and its numbers: skimmed from the text, or (a body less plain) from its JSON, parsed here and dropped. */
  async function fetchPageText<T>(endpoint: ListEndpoint<T>, query: ListQuery, page: number, priority: Priority, signal: AbortSignal): Promise<ListPageText> {
    let serviceTime: number | undefined;
    const body = await client.getJsonText(endpoint.path, endpoint.params({ ...query, page }), { priority, signal, onServiceTime: (ms) => (serviceTime = ms) });
    const { text } = body;
    const numbers = 'numbers' in body ? body.numbers : endpoint.numbers(body.json);
    return { text, ...numbers, ...(serviceTime === undefined ? {} : { serviceTime }), ...(options.onOddity ? { onOddity: options.onOddity } : {}) };
  }

  function iterate<T, P extends PageNumbers>(endpoint: ListEndpoint<T>, queryInput: unknown, opts: ListPagesOptions, read: (query: ListQuery, page: number, signal: AbortSignal) => Promise<P>): AsyncGenerator<P, void, undefined> {
    const query = endpoint.validate(queryInput);
    const plan = { first: query.page ?? 1, lookahead: Math.max(1, opts.lookahead ?? defaultLookahead), signal: joined(opts.signal), ...(opts.pages === undefined ? {} : { pages: validatePages(opts.pages) }) };
    return pagesInOrder(plan, (page, signal) => read(query, page, signal));
  }

  async function listPage<R extends ResourceId>(resource: R, queryInput: unknown, { priority, signal }: PageRequestOptions): Promise<ListPage<ResourceItems[R]>> {
    const endpoint = listEndpoints[resource] as ListEndpoint<ResourceItems[R]>;
    const query = endpoint.validate(queryInput);
    const s = joined(signal);
    if (s.aborted) throw cancelledError(s);
    return fetchPage(endpoint, query, undefined, priority, s);
  }

  /**
   * The service's search is a substring match (`12` finds 112 and 1200 too) in an order no source
   * shows, so the invoice's own connection need not be on the first page: pages of 500 are read
   * until it is found, or the list or MAX_SCAN_PAGES ends.
   */
  async function scanConnections(givenNumber: string, opts: PageRequestOptions): Promise<ScanConnection[]> {
    for (let page = 1; ; page += 1) {
      const params = new URLSearchParams({ supplierinvoicenumber: invoicePath(givenNumber), limit: '500', page: String(page) });
      const body = await client.get('/3/supplierinvoicefileconnections', params, { priority: opts.priority, signal: joined(opts.signal) });
      const found = parseScanConnections(body, givenNumber);
      if (found.length > 0 || page >= Math.min(scanConnectionPages(body), MAX_SCAN_PAGES)) return found;
    }
  }

  return {
    listPage,
    listPages: <R extends ResourceId>(resource: R, queryInput: unknown, opts: ListPagesOptions) => {
      const endpoint = listEndpoints[resource] as ListEndpoint<ResourceItems[R]>;
      return { [Symbol.asyncIterator]: () => iterate(endpoint, queryInput, opts, (query, page, signal) => fetchPage(endpoint, query, page, opts.priority, signal)) };
    },
    listPageTexts: (resource, queryInput, opts) => {
      const endpoint = listEndpoints[resource] as ListEndpoint<unknown>;
      return { [Symbol.asyncIterator]: () => iterate(endpoint, queryInput, opts, (query, page, signal) => fetchPageText(endpoint, query, page, opts.priority, signal)) };
    },
    async invoiceDocument(documentNumber, opts) {
      const body = await client.get(`/3/invoices/${invoicePath(documentNumber)}`, undefined, { priority: opts.priority, signal: joined(opts.signal) });
      return parseInvoiceDocument(body);
    },
    async supplierInvoiceDocument(givenNumber, opts) {
      const body = await client.get(`/3/supplierinvoices/${invoicePath(givenNumber)}`, undefined, { priority: opts.priority, signal: joined(opts.signal) });
      return parseSupplierInvoiceDocument(body);
    },
    scanConnections,
    async supplierScan(givenNumber, opts) {
      const [connection] = await scanConnections(givenNumber, opts);
      if (!connection) return null;
      // The file id is the service's; still a path segment of its own, never a path.
      if (!/^[A-Za-z0-9-]{1,100}$/.test(connection.fileId)) {
        throw new ApiError('unavailable', { message: `The service named a scan by a file id the app refuses to fetch (${JSON.stringify(connection.fileId.slice(0, 40))}).`, retryable: false, reason: 'refused-document' });
      }
      const scan = await client.getScan(`/3/archive/${connection.fileId}`, { priority: opts.priority, signal: joined(opts.signal) });
      return { ...scan, name: connection.name };
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
