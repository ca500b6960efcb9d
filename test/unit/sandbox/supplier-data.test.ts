// The generated supplier invoices: deterministic per seed, lazy, fast for the large company, and
// internally consistent (what the filters and the sync rely on).

import { describe, expect, it } from 'vitest';
import { parseDay } from '../../../electron/sandbox/dates';
import { isLuhnValid } from '../../../electron/sandbox/luhn';
import { supplierInvoiceSource } from '../../../electron/sandbox/supplier-data';

const TODAY = parseDay('2026-06-15') ?? 0;

describe('supplierInvoiceSource', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const a = supplierInvoiceSource('seed-a', 'small', '8000001', TODAY, 0).records();
    expect(supplierInvoiceSource('seed-a', 'small', '8000001', TODAY, 0).records()).toEqual(a);
    expect(supplierInvoiceSource('seed-b', 'small', '8000001', TODAY, 0).records()).not.toEqual(a);
  });

  it('knows its size before generating, and generates 20,000 in steps, well under two seconds', () => {
    const source = supplierInvoiceSource('speed', 'large', '8000002', TODAY, 20_000);
    expect(source.count).toBe(20_000);
    const started = performance.now();
    let steps = 0;
    while (!source.generateSome()) steps += 1;
    expect(steps).toBeGreaterThanOrEqual(19);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(source.records()).toHaveLength(20_000);
  });

  it('is consistent: dates in order, paid ones have a pay date and a payment voucher, OCRs check out', () => {
    const records = supplierInvoiceSource('consistency', 'large', '8000002', TODAY, 5_000).records();
    const today = '2026-06-15';
    records.forEach((r, i) => {
      expect(r.GivenNumber).toBe(String(i + 1));
      if (i > 0) expect(r.InvoiceDate >= (records[i - 1]?.InvoiceDate ?? '')).toBe(true);
      expect(r.InvoiceDate <= today && r.DueDate > r.InvoiceDate && r.lastModifiedMs <= TODAY * 86_400_000 + 86_400_000).toBe(true);
      expect(r.Vouchers.some((v) => v.Series === 'D')).toBe(r.Booked);
      if (r.Cancelled) expect([r.Booked, r.AuthorizePending, r.PaymentPending]).toEqual([false, false, false]);
      if (r.Balance === 0 && !r.Cancelled) expect(r.FinalPayDate !== '' && r.FinalPayDate <= today && r.Vouchers.some((v) => v.Series === 'E')).toBe(true);
      if (r.PaymentPending) expect(r.Booked && r.Balance > 0 && !r.AuthorizePending).toBe(true);
      expect(r.AuthorizePending ? r.AuthorizerName === '' : r.Cancelled || r.AuthorizerName !== '').toBe(true);
      expect(Math.sign(r.Balance) * Math.sign(r.Total) >= 0 && Math.abs(r.Balance) <= Math.abs(r.Total)).toBe(true);
      if (r.OCR !== '') expect(isLuhnValid(r.OCR)).toBe(true);
      if (r.Currency !== 'SEK') expect(Number(r.CurrencyRate)).toBeGreaterThan(5);
      else expect(Number.isInteger(r.Total)).toBe(true);
    });
  });
});
