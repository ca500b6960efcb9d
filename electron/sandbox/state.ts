// Everything one running sandbox knows, in one object handed to the routes (no module-level
// singletons: a test can run several sandboxes side by side).

import type { ServiceClock } from './clock';
import type { Counters } from './counters';
import type { CustomerBook } from './customer-book';
import type { CompanyProfile } from './data';
import type { FaultBook } from './faults';
import type { InvoiceBook } from './invoice-book';
import type { OAuthStore } from './oauth-store';
import type { PaymentBook } from './payment-book';
import type { RateLimiter } from './rate-limit';
import type { SupplierBook } from './supplier-book';
import type { SupplierRegisterBook } from './supplier-register-book';
import type { ResponseQuirks } from './response-quirks';

export interface CompanyState {
  profile: CompanyProfile;
  licensed: boolean;
  book: InvoiceBook;
  /** The company's supplier invoices (and the scans connected to them). */
  suppliers: SupplierBook;
  /** The customer register, built from the invoices on first use. */
  customers: CustomerBook;
  /** The supplier register: the suppliers the supplier invoices come from, built on first use. */
  supplierRegister: SupplierRegisterBook;
  /** The payments of the invoices and of the supplier invoices, each built from its side's records on first use. */
  payments: PaymentBook;
  supplierPayments: PaymentBook;
}

export interface ServiceState {
  /** The seed of the demo data (also of the details derived on request: rows, addresses). */
  seed: string;
  clock: ServiceClock;
  oauth: OAuthStore;
  /** By tenant id, in the order of the demo list. */
  companies: Map<string, CompanyState>;
  limiter: RateLimiter;
  counters: Counters;
  faults: FaultBook;
  client: { id: string; secret: string };
  /** Exact allowed redirect URIs, or null for "any port on the loopback address". */
  redirectUris: readonly string[] | null;
  licenceErrorStatus: 400 | 401;
  /** Odd-but-real response shapes switched on by tests (control.setResponseQuirks). */
  quirks: ResponseQuirks;
  /** Called after each invoice list page is served (tests change invoices mid-read with it). */
  onListServed?: ((tenantId: string, page: number) => void) | undefined;
  /** The same after each supplier invoice list page (with the page's filter, as a sync reads three lists). */
  onSupplierListServed?: ((tenantId: string, page: number, filter: string | null) => void) | undefined;
  /** Scopes the consent page grants no more (control.withholdScopes): a company approved by an
   *  earlier app that did not ask for them. */
  withheldScopes: ReadonlySet<string>;
  /** Set once the server listens (the port is only known then). */
  urls: { authUrl: string; apiUrl: string };
}

/** Path prefixes of the two base URLs on the one origin: distinct, so a client that mixes up {auth_url} and {base_url} fails. */
export const AUTH_PREFIX = '/apps';
export const API_PREFIX = '/api';

export function companyOrThrow(state: ServiceState, tenantId: string): CompanyState {
  const company = state.companies.get(String(tenantId));
  if (!company) throw new RangeError(`unknown tenant ${tenantId}; the demo tenants are ${[...state.companies.keys()].join(', ')}`);
  return company;
}
