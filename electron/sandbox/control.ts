// The control object tests and benchmarks drive the sandbox with. It changes the service's state
// directly; over HTTP it is reachable under /sandbox/ only when `controlRoutes` is enabled.

import { CLIENT_MISSING_SCOPE } from './client-companies';
import type { StoredInvoice } from './data';
import { formatDay } from './dates';
import { toSandboxPayment, type PaymentBook } from './payment-book';
import { payableInvoice, payableSupplierInvoice, type PayableInvoice } from './payment-fields';
import type { PaymentFields, SandboxPayment } from './payment-types';
import { checkChallenge } from './pkce';
import { isAllowedRedirectUri } from './redirect-uris';
import { toSandboxRecord, type RegisterBook } from './register-book';
import type { RegisterPatch } from './register-types';
import { isKnownScope } from './scopes';
import { companyOrThrow, type ServiceState } from './state';
import type { StoredSupplierInvoice } from './supplier-data';
import { SORT_FIELDS } from './invoice-book';
import type { SandboxControl } from './types';

/** The changed invoice as its payments see it (none when the change removed it). */
const payableOf = (invoice: StoredInvoice | undefined): PayableInvoice | undefined => invoice && payableInvoice(invoice);
const supplierPayableOf = (record: StoredSupplierInvoice | undefined): PayableInvoice | undefined => record && payableSupplierInvoice(record);

function checkScopes(scopes: readonly string[]): void {
  const unknown = scopes.filter((scope) => !isKnownScope(scope));
  if (unknown.length > 0) throw new RangeError(`unknown scope(s): ${unknown.join(', ')}`);
}

/** The party a changed document names, and what the document says of it (none when the change removed it). */
type NamedParty = { number: string; known: RegisterPatch } | undefined;
const customerOf = (invoice: StoredInvoice | undefined): NamedParty => invoice && { number: invoice.CustomerNumber, known: { Name: invoice.CustomerName } };
const supplierOf = (record: StoredSupplierInvoice | undefined): NamedParty => record && { number: record.SupplierNumber, known: { Name: record.SupplierName, Currency: record.Currency } };

/**
 * Runs a change of the company's documents with their register in step (the invoices' customers,
 * the supplier invoices' suppliers): the register is built from the documents as they were before
 * it (so when it is built never matters), and a document that now names a number the register
 * lacks brings that party in, stamped now.
 */
function withRegister<N extends string, T>(register: RegisterBook<N>, now: number, change: () => T, named?: (result: T) => NamedParty): T {
  void register.records;
  const result = change();
  const party = named?.(result);
  if (party) register.noteParty(party.number, party.known, now);
  return result;
}

/**
 * Runs a change of one invoice with its payments in step: the payments are built from the invoices
 * as they were before it (so when they are built never matters), then the changed invoice's own
 * payments are made to add up to its paid amount again (PaymentBook.settle), stamped now.
 */
function withPayments<T>(state: ServiceState, payments: PaymentBook, change: () => T, changed: (result: T) => PayableInvoice | undefined): T {
  void payments.records;
  const result = change();
  const invoice = changed(result);
  if (invoice) payments.settle(invoice, state.clock.now(), state.clock.today());
  return result;
}

/** A raw payment on either side; its defaults name the newest invoice (a test usually names its own). */
function addRawPayment(state: ServiceState, payments: PaymentBook, newest: { key: string; party: string } | undefined, fields: PaymentFields): SandboxPayment {
  const defaults = { invoiceKey: newest?.key ?? '1', party: newest?.party ?? '', today: formatDay(state.clock.today()) };
  return toSandboxPayment(payments.add(fields, defaults, state.clock.now()));
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
      // Tokens issued here stand for a grant made earlier: a client company whose earlier grants
      // lack a scope gets them without it (a new consent through the page grants it).
      const granted = company.profile.client?.problem === 'scope-missing' ? scopes.filter((scope) => scope !== CLIENT_MISSING_SCOPE) : scopes;
      const pair = state.oauth.issuePair(state.client.id, company.profile.tenantId, granted);
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
      void company.supplierRegister.records;
      for (const payments of [company.payments, company.supplierPayments]) payments.dateOrdering();
    },
    invoicesOf(tenantId) {
      return companyOrThrow(state, tenantId).book.snapshot();
    },
    updateInvoice(tenantId, documentNumber, patch) {
      const company = companyOrThrow(state, tenantId);
      const now = state.clock.now();
      const number = String(documentNumber);
      const change = (): void => withRegister(company.customers, now, () => company.book.update(number, patch, now), () => customerOf(company.book.get(number)));
      withPayments(state, company.payments, change, () => payableOf(company.book.get(number)));
    },
    addInvoice(tenantId, partial = {}) {
      const company = companyOrThrow(state, tenantId);
      const now = state.clock.now();
      const change = (): string => withRegister(company.customers, now, () => company.book.add(partial, now), (added) => customerOf(company.book.get(added)));
      return withPayments(state, company.payments, change, (added) => payableOf(company.book.get(added)));
    },
    deleteInvoice(tenantId, documentNumber) {
      // A customer stays in the register when its invoice goes (registers keep their customers).
      const company = companyOrThrow(state, tenantId);
      withRegister(company.customers, state.clock.now(), () => company.book.remove(String(documentNumber)));
    },
    onInvoiceListServed(listener) {
      state.onListServed = listener ?? undefined;
    },
    supplierInvoicesOf(tenantId) {
      return companyOrThrow(state, tenantId).suppliers.snapshot();
    },
    updateSupplierInvoice(tenantId, givenNumber, patch) {
      const { suppliers, supplierPayments, supplierRegister } = companyOrThrow(state, tenantId);
      const number = String(givenNumber);
      const now = state.clock.now();
      const change = (): void => withRegister(supplierRegister, now, () => suppliers.update(number, patch, now), () => supplierOf(suppliers.get(number)));
      withPayments(state, supplierPayments, change, () => supplierPayableOf(suppliers.get(number)));
    },
    addSupplierInvoice(tenantId, partial = {}) {
      const { suppliers, supplierPayments, supplierRegister } = companyOrThrow(state, tenantId);
      const now = state.clock.now();
      const change = (): string => withRegister(supplierRegister, now, () => suppliers.add(partial, now), (added) => supplierOf(suppliers.get(added)));
      return withPayments(state, supplierPayments, change, (added) => supplierPayableOf(suppliers.get(added)));
    },
    deleteSupplierInvoice(tenantId, givenNumber) {
      // A supplier stays in the register when its invoice goes.
      const { suppliers, supplierRegister } = companyOrThrow(state, tenantId);
      withRegister(supplierRegister, state.clock.now(), () => suppliers.remove(String(givenNumber)));
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
      return toSandboxRecord(companyOrThrow(state, tenantId).customers.add(fields, state.clock.now()));
    },
    updateCustomer(tenantId, customerNumber, patch) {
      companyOrThrow(state, tenantId).customers.update(String(customerNumber), patch, state.clock.now());
    },
    suppliersOf(tenantId) {
      return companyOrThrow(state, tenantId).supplierRegister.snapshot();
    },
    addSupplier(tenantId, fields = {}) {
      return toSandboxRecord(companyOrThrow(state, tenantId).supplierRegister.add(fields, state.clock.now()));
    },
    updateSupplier(tenantId, supplierNumber, patch) {
      companyOrThrow(state, tenantId).supplierRegister.update(String(supplierNumber), patch, state.clock.now());
    },
    paymentsOf(tenantId) {
      return companyOrThrow(state, tenantId).payments.snapshot();
    },
    supplierPaymentsOf(tenantId) {
      return companyOrThrow(state, tenantId).supplierPayments.snapshot();
    },
    addPayment(tenantId, fields = {}) {
      const company = companyOrThrow(state, tenantId);
      const newest = company.book.records.at(-1);
      return addRawPayment(state, company.payments, newest && { key: newest.DocumentNumber, party: newest.CustomerNumber }, fields);
    },
    addSupplierPayment(tenantId, fields = {}) {
      const company = companyOrThrow(state, tenantId);
      const newest = company.suppliers.records.at(-1);
      return addRawPayment(state, company.supplierPayments, newest && { key: newest.GivenNumber, party: newest.SupplierNumber }, fields);
    },
    setLicensed(tenantId, licensed) {
      companyOrThrow(state, tenantId).licensed = licensed;
    },
    setCompanyName(tenantId, name) {
      companyOrThrow(state, tenantId).profile.name = name;
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
