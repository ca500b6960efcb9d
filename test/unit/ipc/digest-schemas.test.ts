/** digest:view, digest:mark and the notification settings (issue 38): exactly their shapes, nothing else. */
import { describe, expect, it } from 'vitest';
import { invokeSchemas } from '../../../electron/ipc/schemas';

describe('digest arguments', () => {
  it('view: a company or null (all), a page of at most 200, one kind and an offset', () => {
    expect(invokeSchemas['digest:view'].safeParse(['c1', { limit: 20 }]).success).toBe(true);
    expect(invokeSchemas['digest:view'].safeParse([null, { limit: 50, kind: 'invoice-paid', offset: 20 }]).success).toBe(true);
    for (const args of [[undefined, { limit: 20 }], ['c1', { limit: 0 }], ['c1', { limit: 201 }], ['c1', { limit: 20, kind: 'invoice-stolen' }], ['c1', { limit: 20, offset: -1 }], ['c1', { limit: 20, offset: 20 }], ['c1', { limit: 20, kind: 'invoice-new', offset: 100_001 }], ['c1', { limit: 20, extra: 1 }], ['c1']]) {
      expect(invokeSchemas['digest:view'].safeParse(args).success, JSON.stringify(args)).toBe(false);
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
