// The built-in accounting service ("sandbox"): an independent implementation of the service the
// app talks to, as docs/service.md describes it, for demo mode, tests and
// benchmarks. Plain Node: no Electron, and nothing shared with the app's client code.

import { CLIENT_MISSING_SCOPE, planClientCompanies } from './client-companies';
import { ServiceClock } from './clock';
import { Counters } from './counters';
import { createControl } from './control';
import { customerBook } from './customer-book';
import { generateCompanies } from './data';
import { parseDay, swedishDayOf } from './dates';
import { FaultBook } from './faults';
import { InvoiceBook } from './invoice-book';
import { OAuthStore } from './oauth-store';
import { PaymentBook } from './payment-book';
import { buildPayments } from './payment-data';
import { payableInvoice, payableSupplierInvoice } from './payment-fields';
import { createRng } from './prng';
import { RateLimiter } from './rate-limit';
import { startServer } from './server';
import { SupplierBook } from './supplier-book';
import { supplierRegisterBook } from './supplier-register-book';
import { supplierInvoiceSource } from './supplier-data';
import { API_PREFIX, AUTH_PREFIX, type CompanyState, type ServiceState } from './state';
import type { Sandbox, SandboxCompany, SandboxOptions } from './types';

export type {
  AuthorizeRequest,
  ClientProblem,
  CompanyKey,
  CustomerPatch,
  Fault,
  InvoiceEndpoint,
  InvoicePatch,
  PaymentControl,
  PaymentFields,
  RateLimits,
  RefreshTokenStatus,
  Sandbox,
  SandboxCompany,
  SandboxControl,
  SandboxCounters,
  SandboxCustomer,
  SandboxInvoice,
  SandboxOptions,
  SandboxPayment,
  SandboxRoute,
  SandboxSupplierInvoice,
  SupplierInvoiceEndpoint,
  SupplierInvoicePatch,
  SandboxSupplier,
  SupplierPatch,
  SupplierRegisterControl,
  SupplierScan,
  SupplierScanSpec,
  SupplierVoucher,
  TokenPair,
} from './types';
export { DEFAULT_RATE_LIMITS } from './types';

/** The demo integration's credentials (public on purpose: the sandbox guards nothing real). */
export const DEFAULT_CLIENT_ID = 'invoice-desk-sandbox';
export const DEFAULT_CLIENT_SECRET = 'sandbox-secret-not-for-production';

/** Scopes the demo companies' service accounts are pre-approved for (client credentials): the
 * customer side with its register, the supplier side with its register and its scans (supplier
 * invoices, file connections, archive), and the payments of both. */
const SERVICE_ACCOUNT_SCOPES = ['invoice', 'companyinformation', 'supplierinvoice', 'customer', 'supplier', 'payment', 'connectfile', 'archive'];

function checkRange(name: string, range: readonly [number, number] | undefined): void {
  if (range === undefined) return;
  const [min, max] = range;
  if (!(Number.isFinite(min) && Number.isFinite(max) && min >= 0 && max >= min)) {
    throw new RangeError(`${name} must be [min, max] with 0 <= min <= max, got [${String(min)}, ${String(max)}]`);
  }
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new RangeError(`port must be 0..65535, got ${port}`);
  checkRange('latencyMs', options.latencyMs);
  checkRange('transitMs', options.transitMs);
  const largeInvoiceCount = options.largeInvoiceCount ?? 50_000;
  if (!Number.isInteger(largeInvoiceCount) || largeInvoiceCount < 0) throw new RangeError(`largeInvoiceCount must be a non-negative integer`);
  if (options.clientCompanies !== undefined && !Number.isInteger(options.clientCompanies)) throw new RangeError('clientCompanies must be an integer');
  // In proportion to the customer invoices by default (20,000 beside 50,000), so a test that
  // shrinks the large company shrinks both sides.
  const largeSupplierInvoiceCount = options.largeSupplierInvoiceCount ?? Math.round(largeInvoiceCount * 0.4);
  if (!Number.isInteger(largeSupplierInvoiceCount) || largeSupplierInvoiceCount < 0) throw new RangeError(`largeSupplierInvoiceCount must be a non-negative integer`);
  const licenceErrorStatus = options.licenceErrorStatus ?? 400;
  if (licenceErrorStatus !== 400 && licenceErrorStatus !== 401) throw new RangeError('licenceErrorStatus must be 400 or 401');
  let todayDay: number | null = null;
  if (options.today !== undefined) {
    todayDay = parseDay(options.today);
    if (todayDay === null) throw new RangeError(`today must be a valid YYYY-MM-DD date, got "${options.today}"`);
  }
  const seed = options.seed ?? 'invoice-desk';
  const clients = planClientCompanies(String(seed), options.clientCompanies ?? 0, options.clientScale);

  const realNow = options.now ?? Date.now;
  const clock = new ServiceClock(todayDay, realNow);
  const companies = new Map<string, CompanyState>();
  const dataDay = todayDay ?? swedishDayOf(realNow());
  for (const generated of generateCompanies(seed, dataDay, largeInvoiceCount, clients)) {
    const { key, tenantId } = generated.profile;
    const book = new InvoiceBook(generated);
    const supplierSource = supplierInvoiceSource(String(seed), key, tenantId, dataDay, largeSupplierInvoiceCount, generated.profile.client);
    const suppliers = new SupplierBook(supplierSource);
    const context = { seed: String(seed), tenantId, todayDay: dataDay };
    companies.set(tenantId, {
      profile: generated.profile,
      licensed: generated.profile.licensed,
      book,
      suppliers,
      customers: customerBook(context, () => book.records),
      supplierRegister: supplierRegisterBook(context, () => supplierSource.suppliers(), () => suppliers.records),
      // Built from each side's records when first needed (one pass), never per request.
      payments: new PaymentBook('customer', () => buildPayments({ ...context, side: 'customer' }, book.records, payableInvoice)),
      supplierPayments: new PaymentBook('supplier', () => buildPayments({ ...context, side: 'supplier' }, suppliers.records, payableSupplierInvoice)),
    });
  }

  const client = { id: options.clientId ?? DEFAULT_CLIENT_ID, secret: options.clientSecret ?? DEFAULT_CLIENT_SECRET };
  const state: ServiceState = {
    seed: String(seed),
    clock,
    oauth: new OAuthStore(clock, options.persistFile),
    companies,
    limiter: new RateLimiter(options.rateLimits),
    counters: new Counters(),
    faults: new FaultBook(createRng(`${seed}:faults`)),
    quirks: {},
    client,
    redirectUris: options.redirectUris ? [...options.redirectUris] : null,
    licenceErrorStatus,
    withheldScopes: new Set(),
    urls: { authUrl: '', apiUrl: '' },
  };
  // Demo decision: every demo company's service account is pre-approved for the demo client, so
  // client credentials work without first approving with account_type=service; the licence is
  // still checked on each token request (the unlicensed company gets error_missing_app_license).
  if (options.serviceAccountsPreapproved !== false) {
    for (const [tenantId, company] of companies) {
      const scopes = company.profile.client?.problem === 'scope-missing' ? SERVICE_ACCOUNT_SCOPES.filter((scope) => scope !== CLIENT_MISSING_SCOPE) : SERVICE_ACCOUNT_SCOPES;
      state.oauth.approveServiceAccount(client.id, tenantId, scopes);
    }
  }
  // A client company that withdrew the integration's access: whatever was issued before is dead.
  for (const { tenantId, problem } of clients) if (problem === 'access-revoked') state.oauth.withdrawTenant(tenantId);

  const control = createControl(state);
  // The invoices (50,000 for the large company) and their sort orders are built in small steps in
  // the background once the service is first used, not at start: start-up stays fast, and an idle
  // sandbox never blocks its event loop (a signal is handled at once; tsx, which runs the CLI,
  // kills a child that does not acknowledge a signal within 30 ms). Anything that needs the data
  // before the warm-up reaches it generates it on the spot.
  let cancelWarmUps: Array<() => void> = [];
  const server = await startServer(state, control, {
    port,
    latencyMs: options.latencyMs,
    transitMs: options.transitMs,
    controlRoutes: options.controlRoutes ?? false,
    onFirstRequest: () => {
      cancelWarmUps = [...companies.values()].flatMap((company) => [company.book.warmUp(), company.suppliers.warmUp()]);
    },
  });
  const origin = `http://127.0.0.1:${server.port}`;
  state.urls = { authUrl: origin + AUTH_PREFIX, apiUrl: origin + API_PREFIX };

  const companyList: SandboxCompany[] = [...companies.values()].map((company) => ({
    key: company.profile.key,
    tenantId: company.profile.tenantId,
    name: company.profile.name,
    organisationNumber: company.profile.organisationNumber,
    // Live views: they follow addInvoice and setLicensed.
    get invoices() {
      return company.book.size;
    },
    get supplierInvoices() {
      return company.suppliers.size;
    },
    get licensed() {
      return company.licensed;
    },
    problem: company.profile.client?.problem ?? null,
  }));

  return {
    authUrl: state.urls.authUrl,
    apiUrl: state.urls.apiUrl,
    clientId: client.id,
    clientSecret: client.secret,
    companies: companyList,
    control,
    close: async () => {
      for (const cancel of cancelWarmUps) cancel();
      await server.close();
    },
  };
}
