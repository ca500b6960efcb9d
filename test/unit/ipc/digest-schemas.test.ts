/** digest:view, digest:mark and the notification settings: exactly their shapes, nothing else. */
import { describe, expect, it } from 'vitest';
import { invokeSchemas } from '../../../electron/ipc/schemas';

describe('digest arguments', () => {
  it('view: a company or null (all), a page of at most 50; a later page of one kind, after the last event shown as the copies record it', () => {
    const view = invokeSchemas['digest:view'];
    const after = { at: '2026-06-15T10:00:00.000Z', seq: 12, companyId: 'live-service-8100001' };
    for (const args of [['c1', { limit: 20 }], [null, { limit: 50, kind: 'invoice-paid', after }], [null, { limit: 1, kind: 'invoice-overdue', after: { ...after, at: '2026-06-15' } }]]) {
      expect(view.safeParse(args).success, JSON.stringify(args)).toBe(true);
    }
    for (const args of [
      [undefined, { limit: 20 }],
      ['c1', { limit: 0 }],
      ['c1', { limit: 51 }],
      ['c1', { limit: 20, kind: 'invoice-stolen' }],
      ['c1', { limit: 20, extra: 1 }],
      ['c1'],
      ['c1', { limit: 20, after }],
      ['c1', { limit: 20, kind: 'invoice-new', offset: 20 }],
      ['c1', { limit: 20, kind: 'invoice-new', after: { ...after, seq: 0 } }],
      ['c1', { limit: 20, kind: 'invoice-new', after: { ...after, seq: 1.5 } }],
      ['c1', { limit: 20, kind: 'invoice-new', after: { ...after, at: "2026-06-15' OR 1=1 --" } }],
      ['c1', { limit: 20, kind: 'invoice-new', after: { ...after, at: '2026-06-15T10:00:00Z\u0000' } }],
      ['c1', { limit: 20, kind: 'invoice-new', after: { ...after, companyId: '' } }],
      ['c1', { limit: 20, kind: 'invoice-new', after: { ...after, extra: 1 } }],
      ['c1', { limit: 20, kind: 'invoice-new', after: { at: after.at, seq: 12 } }],
    ]) {
      expect(view.safeParse(args).success, JSON.stringify(args)).toBe(false);
    }
  });

  it('mark: seen up to a seq, dismiss or snooze one until tomorrow or next Monday', () => {
    for (const mark of [{ action: 'seen-all', upToSeq: 0 }, { action: 'dismiss', seq: 3 }, { action: 'snooze', seq: 3, until: 'next-monday' }]) {
      expect(invokeSchemas['digest:mark'].safeParse(['c1', mark]).success, JSON.stringify(mark)).toBe(true);
    }
    for (const mark of [{ action: 'snooze', seq: 3, until: '2099-01-01' }, { action: 'dismiss', seq: 0 }, { action: 'dismiss', seq: 1.5 }, { action: 'delete', seq: 1 }, { action: 'seen-all' }, { action: 'dismiss', seq: 1, sql: 'x' }]) {
      expect(invokeSchemas['digest:mark'].safeParse(['c1', mark]).success, JSON.stringify(mark)).toBe(false);
    }
  });

  it('settings: every notification group and quiet weekends, no other key', () => {
    const groups = { payments: true, overdue: true, later: false, invoices: false, bills: true };
    expect(invokeSchemas['settings:update'].safeParse([{ notifications: { groups, quietWeekends: true } }]).success).toBe(true);
    expect(invokeSchemas['settings:update'].safeParse([{ notifications: { groups: { ...groups, spam: true }, quietWeekends: true } }]).success).toBe(false);
    expect(invokeSchemas['settings:update'].safeParse([{ notifications: { groups: { payments: true }, quietWeekends: true } }]).success).toBe(false);
  });
});
