/**
 * The firm's overview's pure parts: a row's health and whether it needs attention, the
 * search, the tag filter, the sidebar's counts, and the query each figure's link produces (exactly
 * the invoices it counts, in every currency, on the figures' date).
 */
import { describe, expect, it } from 'vitest';
import type { CompanySummary as Company } from '../../../../../electron/common/companies';
import { normaliseTags, MAX_TAGS, TAG_MAX_LENGTH } from '../../../../../electron/common/companies';
import type { CompanySummary } from '../../../../../electron/common/firm';
import { unreadResources, type SyncStatus } from '../../../../../electron/common/sync';
import { sidebarMatches, syncCounts } from '../../../../../renderer/features/companies/sidebar-counts';
import type { firmFigures } from '../../../../../renderer/features/firm/firm-links';
import { figureLink } from '../../../../../renderer/features/firm/firm-links';
import { allTags, filterRows, firmRows, healthOf, needsAttention, parseTags, type FirmRow, type FirmRowCache } from '../../../../../renderer/features/firm/firm-rows';
import { isCustomerLink, linkView } from '../../../../../renderer/features/overview/links';
import { supplierLinkView } from '../../../../../renderer/features/overview/supplier-links';
import { normaliseView, toGridQuery } from '../../../../../renderer/features/invoices/view';
import { supplierView } from '../../../../../renderer/features/supplierinvoices/supplier-columns';

const company = (over: Partial<Company> = {}): Company => ({ id: 'c1', name: 'Åkesson Bygg AB', organisationNumber: '556677-8899', tenantId: '8100001', kind: 'service', status: 'connected', demo: false, ...over });
const status = (over: Partial<SyncStatus> = {}): SyncStatus => ({ companyId: 'c1', phase: 'idle', resources: unreadResources(), progress: null, offline: false, ...over });
const summary = (over: Partial<CompanySummary> = {}): CompanySummary => ({
  asOf: '2026-11-28',
  owedSek: 1000,
  overdueSek: 500,
  overdue60Sek: 0,
  youOweSek: 200,
  overdueBillsSek: 0,
  lowestWeek: { week: '2026-11-30', netSek: 100 },
  daysSinceLastInvoice: 3,
  ...over,
});
const row = (over: Partial<FirmRow> = {}): FirmRow => ({ companyId: 'c1', name: 'Åkesson Bygg AB', organisationNumber: '556677-8899', tenantId: '8100001', tags: [], summary: summary(), lastSyncedAt: null, syncing: false, health: 'ok', expiresInDays: undefined, ...over });

describe('a company\'s health, the worst first', () => {
  it('the company\'s own status, then a list it lacks a scope or licence for, a failed sync, renewal, offline', () => {
    expect(healthOf(company({ status: 'needs-reconnect' }), status())).toBe('needs-reconnect');
    expect(healthOf(company({ status: 'licence-missing' }), undefined)).toBe('licence-missing');
    const resources = unreadResources();
    resources.supplierinvoices = { ...resources.supplierinvoices, error: { kind: 'scope-missing', message: 'no' } };
    expect(healthOf(company(), status({ resources }))).toBe('scope-missing');
    expect(healthOf(company(), status({ error: { kind: 'internal', message: 'x' } }))).toBe('sync-failed');
    expect(healthOf(company(), status({ error: { kind: 'unavailable', message: 'x' }, offline: true }))).toBe('offline');
    expect(healthOf(company({ expiresInDays: 9 }), status())).toBe('renew-soon');
    expect(healthOf(company(), status())).toBe('ok');
  });

  it('needs attention: over 60 days overdue, a week below zero, or a problem (not the network\'s)', () => {
    expect(needsAttention(row())).toBe(false);
    expect(needsAttention(row({ summary: summary({ overdue60Sek: 0.01 }) }))).toBe(true);
    expect(needsAttention(row({ summary: summary({ lowestWeek: { week: '2026-12-07', netSek: -0.01 } }) }))).toBe(true);
    expect(needsAttention(row({ health: 'renew-soon' }))).toBe(true);
    expect(needsAttention(row({ health: 'offline' }))).toBe(false);
    expect(needsAttention(row({ summary: undefined }))).toBe(false);
    expect(needsAttention(row({ summary: undefined, health: 'licence-missing' }))).toBe(true);
  });
});

describe('rows, search and tags', () => {
  it('a row per company in the list\'s order, with its stored figures and its latest read', () => {
    const resources = unreadResources();
    resources.invoices = { ready: true, count: 3, lastSyncedAt: '2026-11-28T08:00:00.000Z' };
    resources.invoicepayments = { ready: true, count: 3, lastSyncedAt: '2026-11-28T09:00:00.000Z' };
    const rows = firmRows([company({ id: 'b', tags: ['KL'] }), company({ id: 'a' })], [status({ companyId: 'a', summary: summary(), resources, phase: 'syncing' })]);
    expect(rows.map((r) => r.companyId)).toEqual(['b', 'a']);
    expect(rows[0]).toMatchObject({ tags: ['KL'], summary: undefined, lastSyncedAt: null, syncing: false });
    expect(rows[1]).toMatchObject({ summary: summary(), lastSyncedAt: '2026-11-28T09:00:00.000Z', syncing: true });
  });

  it('a row is the same object while its company and status are (a sync of another company redraws only that one)', () => {
    const cache: FirmRowCache = new WeakMap();
    const [a, b] = [company({ id: 'a' }), company({ id: 'b' })];
    const [statusA, statusB] = [status({ companyId: 'a' }), status({ companyId: 'b' })];
    const first = firmRows([a, b], [statusA, statusB], cache);
    const statusB2 = status({ companyId: 'b', phase: 'syncing' });
    const second = firmRows([a, b], [statusA, statusB2], cache);
    expect(second[0]).toBe(first[0]);
    expect(second[1]).not.toBe(first[1]);
    expect(second[1]).toMatchObject({ companyId: 'b', syncing: true });
    // A company renamed is a new company object: its row is made again, with the new name.
    const renamed = firmRows([{ ...a, name: 'Nytt namn AB' }, b], [statusA, statusB2], cache);
    expect(renamed[0]).toMatchObject({ name: 'Nytt namn AB' });
    expect(renamed[1]).toBe(second[1]);
    // Without a cache every call makes its rows.
    expect(firmRows([a], [statusA])[0]).not.toBe(firmRows([a], [statusA])[0]);
  });

  it('the search finds every word, in any case and without accents, in the name, organisation number (dash or not), tenant or tags', () => {
    const r = row({ tags: ['KL'] });
    for (const search of ['', 'åkesson', 'AKESSON bygg', '5566778899', '556677-88', '8100001', 'kl']) expect(filterRows([r], { search, attentionOnly: false, tag: null }), search).toHaveLength(1);
    for (const search of ['åkesson el', 'zzz']) expect(filterRows([r], { search, attentionOnly: false, tag: null }), search).toHaveLength(0);
    expect(sidebarMatches(company({ tags: ['KL'] }), 'kl bygg')).toBe(true);
  });

  it('the tag filter and the chip narrow together; the tags in use, each once, in Swedish order', () => {
    const rows = [row({ companyId: 'a', tags: ['Ö', 'kl'] }), row({ companyId: 'b', tags: ['KL', 'Å'], summary: summary({ overdue60Sek: 5 }) }), row({ companyId: 'c' })];
    expect(filterRows(rows, { search: '', attentionOnly: false, tag: 'KL' }).map((r) => r.companyId)).toEqual(['a', 'b']);
    expect(filterRows(rows, { search: '', attentionOnly: false, tag: 'A' }).map((r) => r.companyId)).toEqual([]);
    expect(filterRows(rows, { search: '', attentionOnly: true, tag: 'KL' }).map((r) => r.companyId)).toEqual(['b']);
    expect(allTags(rows)).toEqual(['kl', 'Å', 'Ö']);
    expect(parseTags(' KL ,, Kvartal ,')).toEqual(['KL', 'Kvartal']);
  });

  it('tags as stored: trimmed, spaces collapsed, the first of equals, at most 8 of at most 24 characters', () => {
    expect(normaliseTags(['  KL ', 'kl', 'Kvartal   moms', '', '   '])).toEqual(['KL', 'Kvartal moms']);
    expect(normaliseTags(['x'.repeat(40)])).toEqual(['x'.repeat(TAG_MAX_LENGTH)]);
    expect(normaliseTags(Array.from({ length: 20 }, (_, i) => `t${i}`))).toHaveLength(MAX_TAGS);
    // What the renderer (untrusted) may send: invisible and reversing characters go, an emoji is never cut in half, Å is not A.
    expect(normaliseTags(['K\u200bL', '\u202eAB', 'x\u0000y'])).toEqual(['K L', 'AB', 'x y']);
    expect(normaliseTags(['a'.repeat(TAG_MAX_LENGTH - 1) + '😀😀'])).toEqual(['a'.repeat(TAG_MAX_LENGTH - 1) + '😀']);
    expect(normaliseTags(['Å', 'A', 'a\u030a'])).toEqual(['Å', 'A']);
  });
});

describe('the sidebar\'s counts', () => {
  it('synced, syncing, waiting (queued, never read, offline) and failing (a failed sync, a connection that needs the user)', () => {
    const read = unreadResources();
    read.invoices = { ready: true, count: 1, lastSyncedAt: '2026-11-28T08:00:00.000Z' };
    const companies = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => company({ id, ...(id === 'g' ? { status: 'needs-reconnect' as const } : {}) }));
    const statuses = [
      status({ companyId: 'a', resources: read }),
      status({ companyId: 'b', phase: 'syncing' }),
      status({ companyId: 'c' }),
      status({ companyId: 'd', error: { kind: 'licence-missing', message: 'x' } }),
      status({ companyId: 'e', resources: read, offline: true, error: { kind: 'unavailable', message: 'x' } }),
    ];
    expect(syncCounts(companies, statuses)).toEqual({ synced: 1, syncing: 1, waiting: 3, failing: 2 });
  });
});

describe('the query each figure opens', () => {
  const asOf = '2026-11-28';
  const now = new Date(2026, 10, 28, 12);
  const customerQuery = (figure: (typeof firmFigures)[number], over: Partial<CompanySummary> = {}) => {
    const link = figureLink(figure, summary(over))!;
    expect(isCustomerLink(link)).toBe(true);
    if (!isCustomerLink(link)) throw new Error('not a customer link');
    const { page: _p, limit: _l, sortby: _s, sortorder: _o, ...rest } = toGridQuery(linkView(normaliseView(null), link, asOf), 1, now, 'local');
    return rest;
  };
  const supplierQuery = (figure: (typeof firmFigures)[number], over: Partial<CompanySummary> = {}) => {
    const link = figureLink(figure, summary(over))!;
    if (isCustomerLink(link)) throw new Error('a customer link');
    const { page: _p, limit: _l, sortby: _s, sortorder: _o, ...rest } = supplierView.toGridQuery(supplierLinkView(supplierView.normaliseView(null), link, asOf), 1, now, 'local') as unknown as Record<string, unknown>;
    return rest;
  };

  it('owed, overdue and over 60 days: owed invoices of every currency, due before today and before today − 60', () => {
    expect(customerQuery('owed')).toEqual({ scope: 'owed' });
    expect(customerQuery('overdue')).toEqual({ scope: 'owed', toduedate: '2026-11-27' });
    expect(customerQuery('overdue60')).toEqual({ scope: 'owed', toduedate: '2026-09-28' });
  });

  it('the last invoice: that day\'s invoices that are not cancelled', () => {
    expect(customerQuery('daysSinceLastInvoice')).toEqual({ scope: 'notcancelled', fromdate: '2026-11-25', todate: '2026-11-25' });
    expect(figureLink('daysSinceLastInvoice', summary({ daysSinceLastInvoice: null }))).toBeNull();
  });

  it('what the company owes and its overdue bills; none without the supplier side', () => {
    expect(supplierQuery('youOwe')).toMatchObject({ scope: 'topay' });
    expect(supplierQuery('overdueBills')).toMatchObject({ scope: 'topay', toduedate: '2026-11-27' });
    expect(figureLink('youOwe', summary({ youOweSek: null }))).toBeNull();
    expect(figureLink('lowestWeek', summary({ lowestWeek: null }))).toBeNull();
  });

  it('the lowest week: its bills when its net is below zero, else its customer invoices due that week', () => {
    expect(supplierQuery('lowestWeek', { lowestWeek: { week: '2026-12-07', netSek: -1 } })).toMatchObject({ scope: 'topay', fromduedate: '2026-12-07', toduedate: '2026-12-13' });
    expect(customerQuery('lowestWeek', { lowestWeek: { week: '2026-11-23', netSek: 0 } })).toEqual({ scope: 'owed', fromduedate: '2026-11-28', toduedate: '2026-11-29' });
  });
});
