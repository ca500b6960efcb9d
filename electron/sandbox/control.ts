// The control object tests and benchmarks drive the sandbox with. It changes the service's state
// directly; over HTTP it is reachable under /sandbox/ only when `controlRoutes` is enabled.

import { toSandboxCustomer } from './customer-book';
import { checkChallenge } from './pkce';
import { isAllowedRedirectUri } from './redirect-uris';
import { isKnownScope } from './scopes';
import { companyOrThrow, type CompanyState, type ServiceState } from './state';
import { SORT_FIELDS } from './invoice-book';
import type { SandboxControl } from './types';

function checkScopes(scopes: readonly string[]): void {
  const unknown = scopes.filter((scope) => !isKnownScope(scope));
  if (unknown.length > 0) throw new RangeError(`unknown scope(s): ${unknown.join(', ')}`);
}

/**
 * Runs a change of the company's invoices with the customer register in step: the register is built
 * from the invoices as they were before it (so when it is built never matters), and an invoice that
 * now names a customer number the register lacks brings that customer in, stamped now.
 */
function withRegister<T>(company: CompanyState, now: number, change: () => T, documentNumber?: (result: T) => string): T {
  void company.customers.records;
  const result = change();
  const invoice = documentNumber ? company.book.get(documentNumber(result)) : undefined;
  if (invoice) company.customers.noteInvoice(invoice.CustomerNumber, invoice.CustomerName, now);
  return result;
}

export function createControl(state: ServiceState): SandboxControl {
  return {
    advanceClock(ms) {
      state.clock.advance(ms);
    },
    get clockOffsetMs() {
      return state.clock.offsetMs;
    },
    setRateLimits(limits) {
      state.limiter.set(limits);
    },
    injectFault(route, fault) {
      state.faults.set(route, fault);
    },
    clearFaults() {
      state.faults.clear();
    },
    counters() {
      return state.counters.snapshot();
    },
    resetCounters() {
      state.counters.reset();
    },
    authorize({ tenantId, scopes, redirectUri, clientId, codeChallenge }) {
      // The same checks as the consent page, so a headless test cannot get a code the browser
      // flow would refuse.
      const company = companyOrThrow(state, tenantId);
      checkScopes(scopes);
      if (scopes.length === 0) throw new RangeError('authorize: at least one scope is needed');
      if (!isAllowedRedirectUri(redirectUri, state.redirectUris)) throw new RangeError(`authorize: redirect URI not allowed: ${redirectUri}`);
      if (!company.licensed) throw new Error(`error_missing_app_license: ${company.profile.name} has no licence for the integration`);
      const pkce = checkChallenge(codeChallenge ?? null, codeChallenge === undefined ? null : 'S256');
      if (!pkce.ok) throw new RangeError(`authorize: ${pkce.parameter}: ${pkce.problem}`);
      return state.oauth.issueCode(clientId ?? state.client.id, company.profile.tenantId, scopes, redirectUri, pkce.challenge);
    },
    issueTokens({ tenantId, scopes }) {
      // No licence check: tests use this to reach the licence error of the resource calls.
      const company = companyOrThrow(state, tenantId);
      checkScopes(scopes);
      const pair = state.oauth.issuePair(state.client.id, company.profile.tenantId, scopes);
      return { access_token: pair.access_token, refresh_token: pair.refresh_token, expires_in: pair.expires_in };
    },
    expireAccessTokens() {
      state.oauth.expireAllAccessTokens();
    },
    prepare(tenantId) {
      const company = companyOrThrow(state, tenantId);
      for (const field of SORT_FIELDS) company.book.ordering(field);
      void company.suppliers.records;
      void company.customers.records;
    },
    invoicesOf(tenantId) {
      return companyOrThrow(state, tenantId).book.snapshot();
    },
    updateInvoice(tenantId, documentNumber, patch) {
      const company = companyOrThrow(state, tenantId);
      const now = state.clock.now();
      withRegister(company, now, () => company.book.update(String(documentNumber), patch, now), () => String(documentNumber));
    },
    addInvoice(tenantId, partial = {}) {
      const company = companyOrThrow(state, tenantId);
      const now = state.clock.now();
      return withRegister(company, now, () => company.book.add(partial, now), (added) => added);
    },
    deleteInvoice(tenantId, documentNumber) {
      // A customer stays in the register when its invoice goes (registers keep their customers).
      const company = companyOrThrow(state, tenantId);
      withRegister(company, state.clock.now(), () => company.book.remove(String(documentNumber)));
    },
    onInvoiceListServed(listener) {
      state.onListServed = listener ?? undefined;
    },
    supplierInvoicesOf(tenantId) {
      return companyOrThrow(state, tenantId).suppliers.snapshot();
    },
    updateSupplierInvoice(tenantId, givenNumber, patch) {
      companyOrThrow(state, tenantId).suppliers.update(String(givenNumber), patch, state.clock.now());
    },
    addSupplierInvoice(tenantId, partial = {}) {
      return companyOrThrow(state, tenantId).suppliers.add(partial, state.clock.now());
    },
    deleteSupplierInvoice(tenantId, givenNumber) {
      companyOrThrow(state, tenantId).suppliers.remove(String(givenNumber));
    },
    setSupplierScan(tenantId, givenNumber, scan) {
      return companyOrThrow(state, tenantId).suppliers.setScan(String(givenNumber), scan);
    },
    onSupplierInvoiceListServed(listener) {
      state.onSupplierListServed = listener ?? undefined;
    },
    customersOf(tenantId) {
      return companyOrThrow(state, tenantId).customers.snapshot();
    },
    addCustomer(tenantId, fields = {}) {
      return toSandboxCustomer(companyOrThrow(state, tenantId).customers.add(fields, state.clock.now()));
    },
    updateCustomer(tenantId, customerNumber, patch) {
      companyOrThrow(state, tenantId).customers.update(String(customerNumber), patch, state.clock.now());
    },
    setLicensed(tenantId, licensed) {
      companyOrThrow(state, tenantId).licensed = licensed;
    },
    issuedTokens() {
      return state.oauth.issuedTokens();
    },
    refreshTokenStatus(token) {
      return state.oauth.refreshTokenStatus(token);
    },
    withholdScopes(scopes) {
      checkScopes(scopes);
      state.withheldScopes = new Set(scopes);
    },
    setResponseQuirks(quirks) {
      state.quirks = { ...quirks };
    },
  };
}
