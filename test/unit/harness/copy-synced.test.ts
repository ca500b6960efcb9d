import { describe, expect, it } from 'vitest';
import type { ResourceSyncStatus, SyncStatus } from '../../../electron/common/sync';
import { copyVerdict } from '../../harness/copy-synced';

const read: ResourceSyncStatus = { ready: true, count: 300, lastSyncedAt: '2026-11-25T10:00:00Z' };
const unread: ResourceSyncStatus = { ready: false, count: 0, lastSyncedAt: null };
const base: SyncStatus = { companyId: 'c', phase: 'idle', resources: { invoices: read, supplierinvoices: { ...read, count: 120 }, customers: { ...read, count: 40 }, suppliers: { ...read, count: 30 }, invoicepayments: { ...read, count: 200 }, supplierinvoicepayments: { ...read, count: 90 } }, progress: null, offline: false };
const withSuppliers = (suppliers: ResourceSyncStatus): SyncStatus => ({ ...base, resources: { ...base.resources, supplierinvoices: suppliers } });

describe('harness --connect-demo: when the copy is synced', () => {
  it('synced: both lists read and idle', () => {
    expect(copyVerdict(base)).toEqual({ state: 'synced' });
  });

  it('waits while the first read runs, then while the supplier invoices are read', () => {
    expect(copyVerdict(undefined).state).toBe('waiting');
    expect(copyVerdict({ ...base, phase: 'syncing', resources: { invoices: unread, supplierinvoices: unread, customers: unread, suppliers: unread, invoicepayments: unread, supplierinvoicepayments: unread }, progress: { kind: 'full', done: 7000, total: 50000, resource: 'invoices' } })).toEqual({ state: 'waiting', why: 'syncing (7000 of 50000 invoices)' });
    expect(copyVerdict({ ...base, phase: 'syncing', progress: { kind: 'full', done: 500, total: 20000, resource: 'supplierinvoices' } })).toEqual({ state: 'waiting', why: 'syncing (500 of 20000 supplierinvoices)' });
    expect(copyVerdict(withSuppliers(unread)).state).toBe('waiting');
    expect(copyVerdict({ ...base, resources: { ...base.resources, invoices: unread } }).state).toBe('waiting');
  });

  it('a supplier side the company cannot read is its own error, not a wait', () => {
    expect(copyVerdict(withSuppliers({ ...unread, error: { kind: 'scope-missing', message: 'no scope' } }))).toEqual({ state: 'synced' });
  });

  it('fails on an error or offline; nothing to wait for with local copies off', () => {
    expect(copyVerdict({ ...base, phase: 'error', error: { kind: 'unavailable', message: 'unreachable' } }).state).toBe('failed');
    expect(copyVerdict({ ...base, offline: true }).state).toBe('failed');
    expect(copyVerdict({ ...base, phase: 'off', resources: { invoices: unread, supplierinvoices: unread, customers: unread, suppliers: unread, invoicepayments: unread, supplierinvoicepayments: unread } })).toEqual({ state: 'synced' });
  });
});
