// The single invoice's shape and arithmetic, checked independently of the sandbox's own code
// (everything in öre as integers, so no float can hide a missing öre).

import { expect } from 'vitest';
import type { InvoiceItem } from './helpers';

export interface InvoiceRowJson {
  AccountNumber: number;
  ArticleNumber: string;
  DeliveredQuantity: string;
  Description: string;
  Discount: number;
  DiscountType: string;
  Price: number;
  RowId: number;
  Total: number;
  Unit: string;
  VAT: number;
}

export type FullInvoice = InvoiceItem & {
  Address1: string;
  Address2: string;
  City: string;
  Country: string;
  Credit: boolean;
  InvoiceRows: InvoiceRowJson[];
  Net: number;
  OurReference: string;
  Remarks: string;
  RoundOff: number;
  TotalToPay: number;
  TotalVAT: number;
  VATIncluded: boolean;
  YourOrderNumber: string;
  YourReference: string;
  ZipCode: string;
};

/** Every key of `GET /3/invoices/{n}`'s Invoice, in the order sent (code-unit order, '@url' first). */
export const FULL_INVOICE_KEYS = [
  '@url', 'Address1', 'Address2', 'Balance', 'Booked', 'Cancelled', 'City', 'CostCenter', 'Country', 'Credit', 'Currency',
  'CurrencyRate', 'CurrencyUnit', 'CustomerName', 'CustomerNumber', 'DocumentNumber', 'DueDate', 'ExternalInvoiceReference1',
  'ExternalInvoiceReference2', 'FinalPayDate', 'InvoiceDate', 'InvoiceRows', 'InvoiceType', 'Net', 'NoxFinans', 'OCR',
  'OurReference', 'Project', 'Remarks', 'RoundOff', 'Sent', 'TermsOfPayment', 'Total', 'TotalToPay', 'TotalVAT', 'VATIncluded',
  'VoucherNumber', 'VoucherSeries', 'VoucherYear', 'WayOfDelivery', 'YourOrderNumber', 'YourReference', 'ZipCode',
];

export const ROW_KEYS = ['AccountNumber', 'ArticleNumber', 'DeliveredQuantity', 'Description', 'Discount', 'DiscountType', 'Price', 'RowId', 'Total', 'Unit', 'VAT'];

const ore = (amount: number): number => Math.round(amount * 100);

/** a × b / c rounded half away from zero, for integers (the sign kept apart, as on an invoice). */
function roundedRatio(numerator: number, denominator: number): number {
  return Math.sign(numerator) * Math.round(Math.abs(numerator) / denominator);
}

/**
 * The single invoice adds up and agrees with its list item: each row is quantity × price × (1 −
 * discount), Net is the rows' sum, VAT is each rate's rows × rate rounded to the öre, Total = Net +
 * TotalVAT + RoundOff = the list's Total, with RoundOff a rounding to whole kronor for SEK.
 */
export function expectConsistent(invoice: FullInvoice, item: InvoiceItem): void {
  const label = `invoice ${item.DocumentNumber}`;
  expect(invoice, label).toMatchObject(item);
  expect(Object.keys(invoice), label).toEqual(FULL_INVOICE_KEYS);
  const sign = item.Total < 0 ? -1 : 1;
  expect(invoice.Credit, label).toBe(item.Total < 0);
  expect(invoice.InvoiceRows.length, label).toBeGreaterThanOrEqual(1);
  expect(invoice.InvoiceRows.length, label).toBeLessThanOrEqual(4);

  const byRate = new Map<number, number>();
  let net = 0;
  invoice.InvoiceRows.forEach((row, i) => {
    expect(Object.keys(row), label).toEqual(ROW_KEYS);
    expect(row.RowId, label).toBe(i + 1);
    expect([25, 12, 6], label).toContain(row.VAT);
    expect(row.DiscountType, label).toBe('PERCENT');
    expect(row.DeliveredQuantity, label).toMatch(/^-?\d+\.\d{2}$/);
    expect(row.Description.length, label).toBeGreaterThan(0);
    expect(row.Unit.length, label).toBeGreaterThan(0);
    const quantity = Math.round(Number(row.DeliveredQuantity) * 100); // hundredths
    expect(Math.sign(quantity) * sign, `${label}: quantity's sign`).toBeGreaterThanOrEqual(0);
    expect(row.Price, label).toBeGreaterThanOrEqual(0);
    expect(ore(row.Price) / 100, label).toBe(row.Price); // whole öre
    const total = roundedRatio(quantity * ore(row.Price) * (100 - row.Discount), 10_000);
    expect(ore(row.Total), `${label}: row ${row.RowId} total`).toBe(total);
    net += total;
    byRate.set(row.VAT, (byRate.get(row.VAT) ?? 0) + total);
  });
  const vat = [...byRate].reduce((sum, [rate, base]) => sum + roundedRatio(base * rate, 100), 0);
  expect(ore(invoice.Net), `${label}: Net`).toBe(net);
  expect(ore(invoice.TotalVAT), `${label}: TotalVAT`).toBe(vat);
  expect(ore(invoice.Net) + ore(invoice.TotalVAT) + ore(invoice.RoundOff), `${label}: Total`).toBe(ore(invoice.Total));
  expect(invoice.Total, label).toBe(item.Total);
  expect(invoice.TotalToPay, label).toBe(item.Total);
  expect(invoice.Balance, label).toBe(item.Balance);
  if (item.Currency === 'SEK' && Number.isInteger(item.Total)) {
    expect(Math.abs(ore(invoice.RoundOff)), `${label}: RoundOff`).toBeLessThanOrEqual(49);
  } else {
    expect(Math.abs(ore(invoice.RoundOff)), `${label}: RoundOff`).toBeLessThanOrEqual(1);
  }
  expect(invoice.VATIncluded, label).toBe(false);
  expect(invoice.ZipCode, label).toMatch(/^\d{3} \d{2}$/);
  expect(invoice.Address1, label).toMatch(/^\S.* \d+$/);
  expect(invoice.Country, label).toBe('Sverige');
}
