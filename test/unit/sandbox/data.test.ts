// The generated demo data: deterministic, fast, realistic and valid (OCR check digits, due dates,
// statuses, currencies, the awkward names the CSV export tests need).

import { describe, expect, it } from 'vitest';
import { FORMULA_CUSTOMER_NAME, generateCompanies, PUNCTUATION_CUSTOMER_NAME } from '../../../electron/sandbox/data';
import { DAY_MS, parseDay } from '../../../electron/sandbox/dates';
import { isLuhnValid } from '../../../electron/sandbox/luhn';

const TODAY = parseDay('2026-06-15') ?? 0;

describe('generateCompanies', () => {
  const companies = generateCompanies('invoice-desk', TODAY, 50_000);
  const byKey = Object.fromEntries(companies.map((c) => [c.profile.key, c]));
  const small = byKey['small']?.invoices() ?? [];
  const large = byKey['large']?.invoices() ?? [];

  it('has the four demo companies with their sizes and licences', () => {
    expect(companies.map((c) => [c.profile.key, c.invoices().length, c.invoiceCount, c.profile.licensed])).toEqual([
      ['small', 300, 300, true],
      ['large', 50_000, 50_000, true],
      ['unlicensed', 120, 120, false],
      ['empty', 0, 0, true],
    ]);
    for (const c of companies) {
      expect(c.profile.organisationNumber).toMatch(/^556\d{3}-\d{4}$/);
      expect(isLuhnValid(c.profile.organisationNumber.replace('-', ''))).toBe(true);
    }
  });

  it('is deterministic for a seed and differs between seeds', () => {
    const again = generateCompanies('invoice-desk', TODAY, 50_000);
    expect(again[0]?.invoices()).toEqual(small);
    expect(again[1]?.invoices()).toEqual(large);
    const other = generateCompanies('another seed', TODAY, 50_000);
    expect(other[0]?.invoices()).not.toEqual(small);
  });

  // Plain checks collected per invoice (50,000 expect() calls would be slow), asserted once.
  it('numbers invoices 1..N in date order, over three years up to today', () => {
    const bad = large.filter((invoice, i) => invoice.DocumentNumber !== String(i + 1) || (i > 0 && invoice.InvoiceDate < (large[i - 1]?.InvoiceDate ?? '')));
    expect(bad).toEqual([]);
    const first = parseDay(large[0]?.InvoiceDate ?? '') ?? 0;
    const last = parseDay(large[large.length - 1]?.InvoiceDate ?? '') ?? 0;
    expect(TODAY - first).toBeGreaterThan(3 * 365 - 10);
    expect(last).toBeLessThanOrEqual(TODAY);
    expect(TODAY - last).toBeLessThan(3);
  });

  it('gives every invoice a valid OCR, a due date from its terms and a last-modified time not in the future', () => {
    const bad = large.filter((invoice) => {
      const invoiceDay = parseDay(invoice.InvoiceDate) ?? 0;
      return (
        !isLuhnValid(invoice.OCR) ||
        !['10', '15', '20', '30'].includes(invoice.TermsOfPayment) ||
        (parseDay(invoice.DueDate) ?? 0) - invoiceDay !== Number(invoice.TermsOfPayment) ||
        invoice.lastModifiedMs > TODAY * DAY_MS ||
        invoice.lastModifiedMs < invoiceDay * DAY_MS
      );
    });
    expect(bad).toEqual([]);
  });

  it('mixes statuses and currencies, SEK totals in whole kronor and EUR and USD with cents', () => {
    const share = (test: (i: (typeof large)[number]) => boolean) => large.filter(test).length / large.length;
    const unpaid = (i: (typeof large)[number]) => !i.Cancelled && i.Booked && i.Balance > 0;
    expect(share((i) => i.Cancelled)).toBeGreaterThan(0.01);
    expect(share((i) => !i.Cancelled && !i.Booked)).toBeGreaterThan(0.005);
    expect(share((i) => !i.Cancelled && i.Booked && i.Balance === 0)).toBeGreaterThan(0.7);
    expect(share((i) => unpaid(i) && i.Balance < i.Total)).toBeGreaterThan(0.005);
    expect(share((i) => unpaid(i) && i.DueDate < '2026-06-15')).toBeGreaterThan(0.01);
    expect(share((i) => i.Currency === 'SEK')).toBeGreaterThan(0.8);
    expect(share((i) => i.Currency === 'EUR')).toBeGreaterThan(0.03);
    expect(share((i) => i.Currency === 'USD')).toBeGreaterThan(0.01);
    const bad = large.filter(
      (i) =>
        (i.Currency === 'SEK' ? i.CurrencyRate !== '1' : !/^\d+(\.\d{1,2})?$/.test(i.CurrencyRate)) ||
        Math.round(i.Total * 100) / 100 !== i.Total ||
        (i.Currency === 'SEK' && !Number.isInteger(i.Total)) ||
        !(i.Total > 0) ||
        i.Balance < 0 ||
        i.Balance > i.Total ||
        (i.FinalPayDate === null) !== !(i.Booked && !i.Cancelled && i.Balance === 0) ||
        (i.VoucherNumber === null) !== !i.Booked,
    );
    expect(bad).toEqual([]);
    expect(large.some((i) => !Number.isInteger(i.Total))).toBe(true); // EUR and USD keep their cents
    expect(large.some((i) => !Number.isInteger(i.Balance))).toBe(true); // partial payments leave öre
  });

  it('uses Swedish customer names with å, ä and ö, and the two awkward names in the small company', () => {
    expect(large.some((i) => /[åäöÅÄÖ]/.test(i.CustomerName))).toBe(true);
    expect(new Set(large.map((i) => i.CustomerName)).size).toBeGreaterThan(1000);
    expect(small.some((i) => i.CustomerName === FORMULA_CUSTOMER_NAME)).toBe(true);
    expect(FORMULA_CUSTOMER_NAME).toBe('=HYPERLINK("x")');
    expect(small.some((i) => i.CustomerName === PUNCTUATION_CUSTOMER_NAME)).toBe(true);
    expect(PUNCTUATION_CUSTOMER_NAME).toMatch(/,/);
    expect(PUNCTUATION_CUSTOMER_NAME).toMatch(/"/);
    expect(PUNCTUATION_CUSTOMER_NAME).toMatch(/;/);
    expect(PUNCTUATION_CUSTOMER_NAME).not.toMatch(/\n/);
    // One name, one customer number.
    const numberOf = new Map<string, string>();
    for (const i of small) {
      expect(numberOf.get(i.CustomerName) ?? i.CustomerNumber).toBe(i.CustomerNumber);
      numberOf.set(i.CustomerName, i.CustomerNumber);
    }
  });
});
