// GET /3/supplierinvoices/{GivenNumber}: the single invoice's fields and types, its rows as a
// balanced voucher (debit = credit to the öre, in the currency and in SEK), and 404 for an unknown one.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, type SandboxSupplierInvoice } from '../../../electron/sandbox';
import { company, errorInfo, getJson, tokenFor } from './helpers';
import { SUPPLIER_SCOPES, supplierInvoices } from './supplier-helpers';

let sandbox: Sandbox;
let token: string;
let records: SandboxSupplierInvoice[];

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'supplier-details', today: '2026-06-15', largeInvoiceCount: 2500, rateLimits: false });
  token = tokenFor(sandbox, 'large', SUPPLIER_SCOPES);
  records = sandbox.control.supplierInvoicesOf(company(sandbox, 'large').tenantId);
});
afterAll(() => sandbox.close());

type Row = Record<string, number | string>;
type One = Record<string, unknown> & { SupplierInvoiceRows: Row[] };

async function one(givenNumber: string): Promise<One> {
  const res = await getJson<{ SupplierInvoice: One }>(`${sandbox.apiUrl}/3/supplierinvoices/${givenNumber}`, token);
  expect(res.status).toBe(200);
  expect(Object.keys(res.body)).toEqual(['SupplierInvoice']);
  return res.body.SupplierInvoice;
}

const ore = (value: number | string | undefined): number => Math.round(Number(value) * 100);
const sum = (rows: Row[], field: string): number => rows.reduce((total, row) => total + ore(row[field]), 0);

describe('the single supplier invoice', () => {
  it('has the list item\'s values (Cancelled, not Cancel; no AuthorizerName) and the extra fields with their types', async () => {
    const list = (await supplierInvoices(sandbox, token, { limit: 20 })).body.SupplierInvoices;
    for (const item of list) {
      const full = await one(item.GivenNumber);
      const { Cancel, AuthorizerName: _authorizer, ...shared } = item;
      expect(full).toMatchObject({ ...shared, Cancelled: Cancel });
      expect(full).not.toHaveProperty('Cancel');
      expect(full).not.toHaveProperty('AuthorizerName');
      expect(Object.keys(full)).toEqual([...Object.keys(full)].sort());
      for (const field of ['GivenNumber', 'Total', 'Balance', 'CurrencyRate', 'OCR', 'OurReference', 'YourReference', 'Comments', 'VATType']) expect(typeof full[field], field).toBe('string');
      for (const field of ['VAT', 'Freight', 'AdministrationFee', 'RoundOffValue']) expect(typeof full[field], field).toBe('number');
      expect(typeof full['PaymentPending']).toBe('boolean');
      const record = records.find((r) => r.GivenNumber === item.GivenNumber);
      expect(full).toMatchObject({ OCR: record?.OCR, PaymentPending: record?.PaymentPending });
      const voucher = record?.Vouchers.find((v) => v.ReferenceType === 'SUPPLIERINVOICE');
      expect([full['VoucherNumber'], full['VoucherSeries'], full['VoucherYear']]).toEqual(voucher ? [voucher.Number, voucher.Series, voucher.Year] : [null, null, null]);
    }
  });

  it('rows: a balanced voucher (cost + 2640 debit, 2440 credit = Total) in the currency and in SEK, for every kind', async () => {
    // A sample over every kind: SEK, EUR, USD, credits, cancelled, each VAT rate.
    const sample = records.filter((r, i) => i % 9 === 0 || r.Total < 0 || r.Currency !== 'SEK').slice(0, 180);
    expect(sample.some((r) => r.Total < 0) && sample.some((r) => r.Currency === 'EUR') && sample.some((r) => r.Currency === 'USD')).toBe(true);
    for (const record of sample) {
      const full = await one(record.GivenNumber);
      const rows = full.SupplierInvoiceRows;
      const label = `${record.GivenNumber} ${record.Currency} ${record.Total}`;
      for (const row of rows) {
        expect(Object.keys(row)).toEqual([
          'Account', 'AccountDescription', 'ArticleNumber', 'Code', 'CostCenter', 'Credit', 'CreditCurrency', 'Debit', 'DebitCurrency',
          'ItemDescription', 'Price', 'Project', 'Quantity', 'Total', 'TransactionInformation', 'Unit',
        ]);
        expect(ore(row['Debit']) === 0 || ore(row['Credit']) === 0, label).toBe(true);
      }
      expect(sum(rows, 'DebitCurrency'), label).toBe(sum(rows, 'CreditCurrency'));
      expect(sum(rows, 'Debit'), label).toBe(sum(rows, 'Credit'));
      expect(sum(rows, 'Total'), label).toBe(0);
      const payable = rows.filter((row) => row['Account'] === 2440);
      expect(payable, label).toHaveLength(1);
      // 2440 carries the Total: credit for an invoice, debit for a credit invoice.
      expect(ore(record.Total < 0 ? payable[0]?.['DebitCurrency'] : payable[0]?.['CreditCurrency']), label).toBe(Math.abs(ore(record.Total)));
      const vat = rows.filter((row) => row['Account'] === 2640).reduce((total, row) => total + ore(row['DebitCurrency']) - ore(row['CreditCurrency']), 0);
      expect(vat, label).toBe(ore(full['VAT'] as number));
      const costs = rows.filter((row) => Number(row['Account']) >= 4000);
      expect(costs.length, label).toBeGreaterThan(0);
      for (const row of costs) expect(ore(Number(row['Price']) * Number(row['Quantity'])), label).toBe(ore(row['Total']));
      if (record.Currency === 'SEK') {
        expect(full['VATType']).toBe('NORMAL');
        expect(Math.abs(Number(full['RoundOffValue']))).toBeLessThanOrEqual(0.5);
      } else {
        expect(full['VAT'], label).toBe(0);
        expect(['EUINTERNAL', 'REVERSE']).toContain(full['VATType']);
      }
    }
  });

  it('is the same on every call and follows a changed Total', async () => {
    const first = await one('5');
    expect(await one('5')).toEqual(first);
    sandbox.control.updateSupplierInvoice(company(sandbox, 'large').tenantId, '5', { Total: 12_345, Currency: 'SEK', CurrencyRate: '1' });
    const changed = await one('5');
    expect(changed['Total']).toBe('12345');
    expect(sum(changed.SupplierInvoiceRows, 'Credit')).toBe(1_234_500);
    expect(sum(changed.SupplierInvoiceRows, 'Debit')).toBe(1_234_500);
  });

  it('an unknown GivenNumber: 404 code 2000434 (capitalised keys); another method: 405', async () => {
    for (const path of ['999999', 'abc']) {
      const res = await getJson(`${sandbox.apiUrl}/3/supplierinvoices/${path}`, token);
      expect(res.status).toBe(404);
      expect(errorInfo(res.body)).toMatchObject({ code: 2000434, message: 'Kan inte hitta leverantörsfakturan.', casing: 'capitalised' });
    }
    const put = await fetch(`${sandbox.apiUrl}/3/supplierinvoices/1`, { method: 'PUT', headers: { Authorization: `Bearer ${token}` } });
    expect(put.status).toBe(405);
    expect((await getJson(`${sandbox.apiUrl}/3/supplierinvoices/1/bookkeep`, token)).status).toBe(404);
  });
});
