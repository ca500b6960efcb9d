/** What the sidebar says about a company's local copy. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../../../../electron/common/sync';
import { describeSync, formatSyncTime } from '../../../../../renderer/features/sync/sync-text';
import { dictionaries, type Language, type MessageKey } from '../../../../../renderer/i18n/messages';

const tOf = (language: Language) => (key: MessageKey, params: Record<string, string | number> = {}) =>
  Object.entries(params).reduce<string>((text, [name, value]) => text.replaceAll(`{${name}}`, String(value)), dictionaries[language][key]);
const plain = (text: string | undefined) => text?.replace(/[\u00a0\u202f]/g, ' ');

const savedTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Stockholm';
});
afterAll(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

const now = new Date('2026-03-15T15:00:00+01:00');
const copied = { ready: true, count: 50_000, lastSyncedAt: '2026-03-15T13:32:10Z' };
const base: SyncStatus = { companyId: 'c1', phase: 'idle', resources: { invoices: copied, supplierinvoices: copied, customers: copied, suppliers: copied, invoicepayments: copied, supplierinvoicepayments: copied }, progress: null, offline: false };
/** The status with `lastSyncedAt` and `ready` of the customer invoices' copy (the sidebar's time). */
type Say = Omit<Partial<SyncStatus>, 'resources'> & { lastSyncedAt?: string | null; ready?: boolean };
const say = ({ lastSyncedAt, ready, ...status }: Say, language: Language = 'en') => {
  const invoices = { ...copied, ...(lastSyncedAt !== undefined ? { lastSyncedAt } : {}), ...(ready !== undefined ? { ready } : {}) };
  const line = describeSync({ ...base, ...status, resources: { ...base.resources, invoices } }, now, language, tOf(language));
  return line && { ...line, text: plain(line.text) };
};

describe('sync status text', () => {
  it('shows when it last synced: the time today (local clock), with the date before', () => {
    expect(say({})).toEqual({ tone: 'synced', text: 'Synced 14:32' });
    expect(say({}, 'sv')).toEqual({ tone: 'synced', text: 'Synkad 14:32' });
    expect(say({ lastSyncedAt: '2026-03-14T08:05:00Z' })).toEqual({ tone: 'synced', text: 'Synced 14 Mar 2026 09:05' });
    expect(say({ lastSyncedAt: '2026-03-14T08:05:00Z' }, 'sv')).toEqual({ tone: 'synced', text: 'Synkad 2026-03-14 09:05' });
    expect(say({ lastSyncedAt: null, ready: false })).toEqual({ tone: 'never', text: 'Not synced yet' });
    expect(formatSyncTime('not a date', now, 'en')).toBe('');
  });

  it('counts a sync in progress', () => {
    expect(say({ phase: 'syncing', progress: { kind: 'full', done: 12_000, total: 50_000, resource: 'invoices' } })).toEqual({ tone: 'syncing', text: 'Syncing 12,000 of 50,000' });
    expect(say({ phase: 'syncing', progress: { kind: 'incremental', done: 12_000, total: 50_000, resource: 'invoices' } }, 'sv')).toEqual({ tone: 'syncing', text: 'Synkar 12 000 av 50 000' });
    expect(say({ phase: 'syncing', progress: { kind: 'incremental', done: 500, total: null, resource: 'invoices' } })).toEqual({ tone: 'syncing', text: 'Syncing 500' });
    // The supplier invoices' read, which follows the customer invoices', says whose count it is.
    expect(say({ phase: 'syncing', progress: { kind: 'full', done: 3_000, total: 20_000, resource: 'supplierinvoices' } }, 'sv')).toEqual({ tone: 'syncing', text: 'Synkar leverantörsfakturor 3 000 av 20 000' });
    expect(say({ phase: 'syncing', progress: { kind: 'full', done: 500, total: null, resource: 'supplierinvoices' } })).toEqual({ tone: 'syncing', text: 'Syncing supplier invoices 500' });
    expect(say({ phase: 'syncing', progress: { kind: 'full', done: 500, total: 600, resource: 'invoices' } })).toEqual({ tone: 'syncing', text: 'Syncing 500 of 600' });
    expect(say({ phase: 'syncing', progress: null })).toEqual({ tone: 'syncing', text: 'Syncing…' });
    expect(say({ phase: 'syncing', progress: { kind: 'full', done: 0, total: null, resource: 'invoices' } })).toEqual({ tone: 'syncing', text: 'Syncing…' });
    expect(say({ phase: 'syncing', progress: { kind: 'full', done: 0, total: 300, resource: 'invoices' } })).toEqual({ tone: 'syncing', text: 'Syncing 0 of 300' });
  });

  it('says the copy is offline, and from when', () => {
    const error = { kind: 'unavailable' as const, message: 'The service could not be reached.' };
    expect(say({ phase: 'error', offline: true, error })).toEqual({ tone: 'offline', text: 'Offline: the local copy from 14:32' });
    expect(say({ phase: 'error', offline: true, error }, 'sv')).toEqual({ tone: 'offline', text: 'Offline: den lokala kopian från 14:32' });
    expect(say({ phase: 'idle', offline: true, lastSyncedAt: null })).toEqual({ tone: 'offline', text: 'Offline: no local copy yet' });
  });

  it("shows the error with its remedy: the service's words in English, Swedish words in Swedish", () => {
    const error = { kind: 'licence-missing' as const, message: 'The company has no licence for this integration.', remedy: 'Activate it in the marketplace.' };
    expect(say({ phase: 'error', error })).toEqual({ tone: 'error', text: error.message, remedy: error.remedy });
    const sv = say({ phase: 'error', error }, 'sv');
    expect(sv?.text).toBe('Företaget saknar licens för den här integrationen.');
    expect(sv?.remedy).toMatch(/marknadsplats/);
    expect(say({ phase: 'error', error: { kind: 'cancelled', message: 'Cancelled.' } })).toEqual({ tone: 'error', text: 'Cancelled.' });
  });

  it('says nothing while local copies are off', () => {
    expect(say({ phase: 'off', ready: false })).toBeNull();
  });
});
