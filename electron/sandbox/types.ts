// Public types of the sandbox. Kept in one module so index.ts can re-export them and the
// internal modules can share them without importing index.ts (which would create a cycle).
// Nothing here is shared with the app's client: the sandbox is an independent implementation.

import type { ClientProblem } from './client-companies';
import type { CustomerPatch, SandboxCustomer } from './customer-types';
import type { PaymentControl } from './payment-types';
import type { SupplierRegisterControl } from './supplier-register-types';
import type { SandboxSupplierInvoice, SupplierInvoicePatch, SupplierScan, SupplierScanSpec } from './supplier-types';
import type { ResponseQuirks } from './response-quirks';

export type { ClientProblem } from './client-companies';
export type { CustomerPatch, SandboxCustomer } from './customer-types';
export type { PaymentControl, PaymentFields, SandboxPayment } from './payment-types';
export type { ResponseQuirks } from './response-quirks';
export type { SandboxSupplier, SupplierPatch, SupplierRegisterControl } from './supplier-register-types';
export type { SandboxSupplierInvoice, SupplierInvoicePatch, SupplierScan, SupplierScanSpec, SupplierVoucher } from './supplier-types';

export interface RateLimits {
  perTokenWindowMs: number;
  perTokenMax: number;
  perTenantWindowMs: number;
  perTenantMax: number;
}

export const DEFAULT_RATE_LIMITS: Readonly<RateLimits> = Object.freeze({
  perTokenWindowMs: 5_000,
  perTokenMax: 25,
  perTenantWindowMs: 60_000,
  perTenantMax: 300,
});

export interface SandboxOptions {
  /** Whether the demo companies' service accounts start approved (default true, for demo mode and
   * the CLI's tests); false is the real service: approve with account_type=service first. */
  serviceAccountsPreapproved?: boolean;
  /** Default 0 (ephemeral). The server binds 127.0.0.1 only. */
  port?: number;
  /** Milliseconds added before each response is sent (uniform random in the range). */
  latencyMs?: readonly [number, number];
  /** Milliseconds by which each request's ARRIVAL (the moment the limiter counts it) is delayed. */
  transitMs?: readonly [number, number];
  /** Seed of the generated data; default 'invoice-desk'. */
  seed?: string | number;
  /** 'YYYY-MM-DD': reference date of the generated data and the date the service clock runs on; default the current UTC date. */
  today?: string;
  /** The real time the service's clock runs on (default `Date.now`); `today` and `advanceClock` still
   * shift it. Tests pin it, so the `Date` header, token lifetimes, rate-limit windows and "today"
   * do not depend on which second or day the wall clock is in. */
  now?: () => number;
  /** Invoices of the large company; default 50_000. */
  largeInvoiceCount?: number;
  /** Supplier invoices of the large company; default 40 % of largeInvoiceCount (20,000 by default). */
  largeSupplierInvoiceCount?: number;
  clientId?: string;
  clientSecret?: string;
  /** When given, ONLY these exact redirect URIs are allowed; default any port on http://127.0.0.1 or http://[::1]. */
  redirectUris?: readonly string[];
  /** false lifts them; a partial object is merged over the defaults (25 per 5 s per token, 300 per 60 s per client and tenant). */
  rateLimits?: Partial<RateLimits> | false;
  /** Expose the control object over HTTP under /sandbox/ (default false). */
  controlRoutes?: boolean;
  /** HTTP status of the licence error on resource calls (default 400). Clients must classify by body. */
  licenceErrorStatus?: 400 | 401;
  /** Keep refresh tokens in this JSON file across restarts (the app's demo service uses it). */
  persistFile?: string;
  /** An accounting firm's world: this many client companies beside the demo ones (default 0, at
   *  most 2,000; tenants from 8100001, their sizes and problems in client-companies.ts and the README). */
  clientCompanies?: number;
  /** The client companies' sizes times this (0 < scale <= 1, default 1): a test's firm of many small ones. */
  clientScale?: number;
}

/** The four demo companies, and the client companies of a firm's world (`clientCompanies`). */
export type CompanyKey = 'small' | 'large' | 'unlicensed' | 'empty' | 'client';

export interface SandboxCompany {
  key: CompanyKey;
  tenantId: string;
  name: string;
  organisationNumber: string;
  /** Current number of invoices (live: grows with control.addInvoice). */
  invoices: number;
  /** Current number of supplier invoices (live: follows control.addSupplierInvoice and deleteSupplierInvoice). */
  supplierInvoices: number;
  /** Current licence status (live: follows control.setLicensed). */
  licensed: boolean;
  /** A client company's problem, as it was generated (null: none, and for the demo companies). */
  problem: ClientProblem | null;
}

/** Routes that faults can be injected into (and counters' byRoute counts). */
export const SANDBOX_ROUTES = [
  'auth',
  'token',
  'revoke',
  'invoices',
  'companyinformation',
  'supplierinvoices',
  'supplierinvoicefileconnections',
  'archive',
  'customers',
  'suppliers',
  'invoicepayments',
  'supplierinvoicepayments',
] as const;
export type SandboxRoute = (typeof SANDBOX_ROUTES)[number];

export interface Fault {
  /** Extra delay before the response is sent. */
  latencyMs?: readonly [number, number];
  /** 0..1: the share of requests answered with 503 (or `status`). */
  errorRate?: number;
  /** Status of the errorRate answers (default 503, or 400 with a `code`); given without errorRate (or with `code`) it applies to every request. */
  status?: number;
  /**
   * The body of those answers: the service's ErrorInformation with this code (2000310/2000311 invalid
   * login, 2000663 scope, 2001101 module licence, 2001103 API licence, 2001339 no permission to list
   * invoices, ...), in the casing the sandbox uses for it, and `message` or the code's Swedish text.
   */
  code?: number;
  message?: string;
  /** Without `code`: 'json' (default) a short JSON status body, 'empty' no body at all, 'html' a proxy's error page. */
  body?: 'json' | 'empty' | 'html';
  /** 0..1: the share of requests whose socket is destroyed without a response. */
  resetRate?: number;
  /** 0..1: the share of requests answered 200 with a truncated JSON body. */
  malformedJsonRate?: number;
  /** The next N requests get 429. */
  burst429?: number;
  /** The fault applies to the next N requests of the route only (default: until clearFaults). */
  count?: number;
}

export type InvoiceEndpoint = 'list' | 'get' | 'preview' | 'print';
export type SupplierInvoiceEndpoint = 'list' | 'get';

export interface SandboxCounters {
  /** All arrivals on the service's routes (control routes excluded). */
  requests: number;
  /** Responses sent other than 429 (errors included; reset sockets excluded). */
  served: number;
  http429: number;
  /** The most accepted requests seen in any 5 s window for one access token. */
  maxPer5sByToken: number;
  byRoute: Record<string, number>;
  /**
   * Arrivals at each invoice endpoint (together they make byRoute.invoices), whatever the answer:
   * `GET /3/invoices`, `/3/invoices/{n}`, `/3/invoices/{n}/preview` and `/3/invoices/{n}/print`.
   * A client that only views invoices leaves `print` at 0 (print marks the invoice sent).
   */
  invoiceEndpoints: Record<InvoiceEndpoint, number>;
  /** Arrivals at `GET /3/supplierinvoices` and `/3/supplierinvoices/{GivenNumber}` (together byRoute.supplierinvoices). */
  supplierInvoiceEndpoints: Record<SupplierInvoiceEndpoint, number>;
  tokenRequests: { authorization_code: number; refresh_token: number; client_credentials: number };
  invalidGrant: number;
  /** A refresh token presented after it had already been used (rotated). */
  refreshTokenReuse: number;
}

/** One invoice as the sandbox stores it: the list item's fields (without `@url`) plus its last-modified time. */
export interface SandboxInvoice {
  Balance: number;
  Booked: boolean;
  Cancelled: boolean;
  CostCenter: string;
  Currency: string;
  CurrencyRate: string;
  CurrencyUnit: number;
  CustomerName: string;
  CustomerNumber: string;
  DocumentNumber: string;
  DueDate: string;
  ExternalInvoiceReference1: string;
  ExternalInvoiceReference2: string;
  InvoiceDate: string;
  InvoiceType: string;
  NoxFinans: boolean;
  OCR: string;
  VoucherNumber: number | null;
  VoucherSeries: string | null;
  VoucherYear: number | null;
  WayOfDelivery: string;
  TermsOfPayment: string;
  Project: string;
  Sent: boolean;
  Total: number;
  FinalPayDate: string | null;
  /** ISO 8601 UTC with milliseconds, e.g. '2026-11-20T08:15:00.000Z'. Not an API field. */
  LastModified: string;
}

export type InvoicePatch = Partial<Omit<SandboxInvoice, 'DocumentNumber' | 'LastModified'>>;

export interface AuthorizeRequest {
  tenantId: string;
  scopes: readonly string[];
  redirectUri: string;
  clientId?: string;
  /** PKCE: an S256 code_challenge, as a browser would carry it from the authorization URL. */
  codeChallenge?: string;
}

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

/** The payment part (paymentsOf, addPayment and their supplier forms) is in payment-types.ts, the supplier register's in supplier-register-types.ts. */
export interface SandboxControl extends PaymentControl, SupplierRegisterControl {
  /** Shift the service's clock forward (expires codes and tokens without waiting). */
  advanceClock(ms: number): void;
  readonly clockOffsetMs: number;
  setRateLimits(limits: Partial<RateLimits> | false): void;
  /** Replaces any fault already set on the route. */
  injectFault(route: SandboxRoute, fault: Fault): void;
  clearFaults(): void;
  counters(): SandboxCounters;
  resetCounters(): void;
  /** An authorization code without the browser (for headless tests). */
  authorize(request: AuthorizeRequest): string;
  /** A token pair directly (no licence check, so licence errors can be tested). */
  issueTokens(request: { tenantId: string; scopes: readonly string[] }): TokenPair;
  /** Every access token issued so far becomes expired (401). */
  expireAccessTokens(): void;
  /**
   * Generates the company's invoices and supplier invoices and builds every sort order and both
   * registers now, in one blocking call, as a service whose data is already in place. A bench that
   * shares the sandbox's thread calls it before it measures: otherwise the background warm-up
   * (seconds at 500,000 invoices) stalls the client's event loop mid-read and bunches its requests'
   * arrivals.
   */
  prepare(tenantId: string): void;
  /** Copies of a company's invoice records in DocumentNumber order. */
  invoicesOf(tenantId: string): SandboxInvoice[];
  /** Bumps the invoice's last-modified time to the service clock's now. */
  updateInvoice(tenantId: string, documentNumber: string, patch: InvoicePatch): void;
  /** Adds an invoice (with the next DocumentNumber) and returns that DocumentNumber. */
  addInvoice(tenantId: string, partial?: InvoicePatch): string;
  /** Deletes a draft (an unbooked invoice), as the service allows; a booked one is refused. */
  deleteInvoice(tenantId: string, documentNumber: string): void;
  /** Calls `listener` after every invoice list page served (null removes it): a test's change
   * made while a client is reading the pages. */
  onInvoiceListServed(listener: ((tenantId: string, page: number) => void) | null): void;
  /** Copies of a company's supplier invoices in GivenNumber order (amounts as numbers). */
  supplierInvoicesOf(tenantId: string): SandboxSupplierInvoice[];
  /** Applies the patch and bumps its last-modified time to the service clock's now. */
  updateSupplierInvoice(tenantId: string, givenNumber: string, patch: SupplierInvoicePatch): void;
  /** Adds a supplier invoice (the next GivenNumber, an unbooked one dated today unless the partial
   * says otherwise, no scan) and returns its GivenNumber. */
  addSupplierInvoice(tenantId: string, partial?: SupplierInvoicePatch): string;
  /** Deletes an unbooked supplier invoice; a booked one is refused (the service only credits those). */
  deleteSupplierInvoice(tenantId: string, givenNumber: string): void;
  /** Connects this scan to the supplier invoice in place of its own (null: none), and returns it.
   *  Its last-modified time is left alone: a file connection is not a field of the invoice. */
  setSupplierScan(tenantId: string, givenNumber: string, scan: SupplierScanSpec | null): SupplierScan | null;
  /** Calls `listener` after every supplier invoice list page served (null removes it). */
  onSupplierInvoiceListServed(listener: ((tenantId: string, page: number, filter: string | null) => void) | null): void;
  /** The customer register as stored (raw values, LastModified added), in customer number order. */
  customersOf(tenantId: string): SandboxCustomer[];
  /** Adds an active customer (the next number unless `fields.CustomerNumber` names a free one),
   *  details from the seed, `fields` as raw values over them; stamped now. Returns it. */
  addCustomer(tenantId: string, fields?: CustomerPatch): SandboxCustomer;
  /** Sets raw values (a key with `undefined` removes the field) and stamps now. */
  updateCustomer(tenantId: string, customerNumber: string, patch: CustomerPatch): void;
  setLicensed(tenantId: string, licensed: boolean): void;
  /** The company's CompanyName from now on, exactly as given (a client company writes its own, with no cap or cleaning). */
  setCompanyName(tenantId: string, name: string): void;
  /** Every access and refresh token issued so far (for tests that prove none leaked). */
  issuedTokens(): string[];
  /** What became of a refresh token: still usable, rotated by a refresh, revoked, expired, or never issued. */
  refreshTokenStatus(token: string): RefreshTokenStatus;
  /** Shapes the real service is known to send on some endpoints (docs/service.md, List responses), for client tests. */
  setResponseQuirks(quirks: ResponseQuirks): void;
  /** Consents from now on grant the scopes asked for except these (empty: all again), as a company
   *  approved by an earlier app that did not ask for them would have. */
  withholdScopes(scopes: readonly string[]): void;
}

export type RefreshTokenStatus = 'active' | 'rotated' | 'revoked' | 'expired' | 'unknown';

export interface Sandbox {
  authUrl: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  companies: SandboxCompany[];
  control: SandboxControl;
  close(): Promise<void>;
}
