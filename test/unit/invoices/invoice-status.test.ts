import { describe, expect, it } from 'vitest';
import { statusLabels } from '../../../electron/common/labels';
import { deriveStatus, INVOICE_STATUSES, localDate } from '../../../electron/invoices/invoice-status';
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

  it('unpaid otherwise (full balance, a credit invoice, no due date)', () => {
    expect(deriveStatus(invoice({ balance: 1000, total: 1000, dueDate: '2026-04-01' }), today)).toBe('unpaid');
    expect(deriveStatus(invoice({ balance: -500, total: -500, dueDate: '2020-01-01' }), today)).toBe('unpaid');
    expect(deriveStatus(invoice({ balance: 100, total: 1000, dueDate: '' }), today)).toBe('partly-paid');
  });

  it('has a label for every status in both languages', () => {
    for (const status of INVOICE_STATUSES) {
      expect(statusLabels.en[status]).toBeTruthy();
      expect(statusLabels.sv[status]).toBeTruthy();
    }
  });

  it('localDate gives the local calendar date', () => {
    const d = new Date(2026, 0, 5, 23, 59);
    expect(localDate(d.getTime())).toBe('2026-01-05');
  });
});
