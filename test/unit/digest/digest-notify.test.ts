// The digest's notification and snooze rules: one line per sync with only the kinds switched on (sums
// per currency, SEK first), none when nothing of those; a snooze ends tomorrow or on the next Monday.
import { describe, expect, it } from 'vitest';
import { defaultNotificationSettings, notificationText, type KindTally } from '../../../electron/common/digest';
import { snoozeUntil } from '../../../electron/digest/digest-handlers';

const tallies: KindTally[] = [
  { kind: 'invoice-paid', count: 2, sums: { SEK: 10_000, EUR: 120.5 } },
  { kind: 'invoice-part-paid', count: 1, sums: { SEK: 2_400 } },
  { kind: 'invoice-overdue', count: 2, sums: { SEK: 900 } },
  { kind: 'bill-new', count: 4, sums: { SEK: 4_000 } },
];

describe('the notification of a sync', () => {
  it('says the kinds switched on, in Swedish and English', () => {
    expect(notificationText('Storföretag AB', tallies, defaultNotificationSettings, 'sv')?.replace(/\u00a0/g, ' ')).toBe('Storföretag AB: 3 betalningar, 12 400 kr, EUR 120,50; 2 nya förfallna');
    expect(notificationText('Storföretag AB', tallies, defaultNotificationSettings, 'en')).toBe('Storföretag AB: 3 payments, SEK 12,400, EUR 120.50; 2 newly overdue');
    const bills = { ...defaultNotificationSettings, groups: { ...defaultNotificationSettings.groups, payments: false, overdue: false, bills: true } };
    expect(notificationText('X', tallies, bills, 'en')).toBe('X: 4 bills changed');
  });

  it('is none when nothing switched on happened', () => {
    expect(notificationText('X', [{ kind: 'bill-new', count: 1, sums: { SEK: 1 } }], defaultNotificationSettings, 'sv')).toBeNull();
    expect(notificationText('X', [], defaultNotificationSettings, 'sv')).toBeNull();
  });
});

describe('a snooze', () => {
  it('ends tomorrow, or on the next Monday (a Monday\'s is a week on)', () => {
    expect(snoozeUntil('2026-11-27', 'tomorrow')).toBe('2026-11-28');
    expect(snoozeUntil('2026-11-27', 'next-monday')).toBe('2026-11-30'); // a Friday
    expect(snoozeUntil('2026-11-29', 'next-monday')).toBe('2026-11-30'); // a Sunday
    expect(snoozeUntil('2026-11-30', 'next-monday')).toBe('2026-12-07'); // a Monday
    expect(snoozeUntil('2026-12-31', 'tomorrow')).toBe('2027-01-01');
  });
});
