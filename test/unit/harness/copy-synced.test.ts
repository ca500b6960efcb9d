import { describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../../electron/common/sync';
import { copyVerdict } from '../../harness/copy-synced';

const base: SyncStatus = { companyId: 'c', phase: 'idle', ready: true, invoices: 300, lastSyncedAt: '2026-11-25T10:00:00Z', progress: null, offline: false, supplierInvoices: { ready: true, count: 120, lastSyncedAt: '2026-11-25T10:00:00Z' } };

describe('harness --connect-demo: when the copy is synced', () => {
  it('synced: both lists read and idle', () => {
    expect(copyVerdict(base)).toEqual({ state: 'synced' });
  });

  it('waits while the first read runs, then while the supplier invoices are read', () => {
    expect(copyVerdict(undefined).state).toBe('waiting');
    expect(copyVerdict({ ...base, phase: 'syncing', ready: false, progress: { kind: 'full', done: 7000, total: 50000 } })).toEqual({ state: 'waiting', why: 'syncing (7000 of 50000)' });
    expect(copyVerdict({ ...base, phase: 'syncing', progress: { kind: 'full', done: 500, total: 20000, resource: 'supplierinvoices' } })).toEqual({ state: 'waiting', why: 'syncing (500 of 20000 supplier invoices)' });
    expect(copyVerdict({ ...base, supplierInvoices: { ready: false, count: 0, lastSyncedAt: null } }).state).toBe('waiting');
  });

  it('a supplier side the company cannot read is its own error, not a wait', () => {
    expect(copyVerdict({ ...base, supplierInvoices: { ready: false, count: 0, lastSyncedAt: null, error: { kind: 'scope-missing', message: 'no scope' } } })).toEqual({ state: 'synced' });
  });

  it('fails on an error or offline; nothing to wait for with local copies off', () => {
    expect(copyVerdict({ ...base, phase: 'error', error: { kind: 'unavailable', message: 'unreachable' } }).state).toBe('failed');
    expect(copyVerdict({ ...base, offline: true }).state).toBe('failed');
    expect(copyVerdict({ ...base, phase: 'off', ready: false })).toEqual({ state: 'synced' });
  });
});
