import { describe, expect, it } from 'vitest';
import { deriveStatus, serviceDate } from '../../../electron/common/invoice-status';
import { invoice } from '../export/helpers';

const today = '2026-03-01';

describe('deriveStatus', () => {
  it('cancelled wins over everything', () => {
    expect(deriveStatus(invoice({ cancelled: true, booked: false, balance: 0 }), today)).toBe('cancelled');
    expect(deriveStatus(invoice({ cancelled: true, balance: 100, dueDate: '2020-01-01' }), today)).toBe('cancelled');
  });

  it('unbooked before any balance rule', () => {
    expect(deriveStatus(invoice({ booked: false, balance: 0 }), today)).toBe('unbooked');
    expect(deriveStatus(invoice({ booked: false, dueDate: '2020-01-01' }), today)).toBe('unbooked');
  });

  it('paid when the balance is 0, even past the due date', () => {
    expect(deriveStatus(invoice({ balance: 0, dueDate: '2020-01-01' }), today)).toBe('paid');
  });

  it('overdue when money is left and the due date is before today (not on it)', () => {
    expect(deriveStatus(invoice({ balance: 100, total: 1000, dueDate: '2026-02-28' }), today)).toBe('overdue');
    expect(deriveStatus(invoice({ balance: 1000, total: 1000, dueDate: '2026-02-28' }), today)).toBe('overdue');
    expect(deriveStatus(invoice({ balance: 1000, total: 1000, dueDate: today }), today)).toBe('unpaid');
  });

  it('partly paid when 0 < balance < total and not yet due', () => {
    expect(deriveStatus(invoice({ balance: 1, total: 1000, dueDate: '2026-04-01' }), today)).toBe('partly-paid');
  });

  it('a credit note past its due date is overdue, as the overview and the "Förfallna" chip count it (common/owed.ts)', () => {
    expect(deriveStatus(invoice({ balance: -500, total: -500, dueDate: '2020-01-01' }), today)).toBe('overdue');
  });

  it('unpaid otherwise (full balance, a credit invoice not yet due, no due date)', () => {
    expect(deriveStatus(invoice({ balance: 1000, total: 1000, dueDate: '2026-04-01' }), today)).toBe('unpaid');
    expect(deriveStatus(invoice({ balance: -500, total: -500, dueDate: '2026-04-01' }), today)).toBe('unpaid');
    expect(deriveStatus(invoice({ balance: 100, total: 1000, dueDate: '' }), today)).toBe('partly-paid');
  });

  it("serviceDate is the service's Swedish calendar date, whatever the PC's zone", () => {
    expect(serviceDate(Date.UTC(2026, 0, 4, 23, 30))).toBe('2026-01-05'); // 00:30 in Stockholm (CET)
    expect(serviceDate(Date.UTC(2026, 6, 4, 22, 30))).toBe('2026-07-05'); // 00:30 in Stockholm (CEST)
    expect(serviceDate(Date.UTC(2026, 0, 5, 22, 59))).toBe('2026-01-05'); // 23:59 in Stockholm
  });
});
