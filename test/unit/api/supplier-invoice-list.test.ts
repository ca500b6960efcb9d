// The supplier invoice list as the real service sends it (docs/service.md, Supplier invoices): numbers
// in strings, the list's `Cancel`, no OCR or approval state; and its query: sortby refused before
// anything is sent (the service sorts this list by nothing), the seven filters, its search fields.
import { describe, expect, it } from 'vitest';
import { listEndpoints } from '../../../electron/api/list-endpoints';
import { serviceQueryOf } from '../../../electron/api/list-queries';
import { supplierStatusOf } from '../../../electron/common/supplier-invoices';

const parseSupplierInvoiceListResponse = listEndpoints.supplierinvoices.parse;

const item = {
  '@url': 'https://api.example/3/supplierinvoices/12',
  Balance: '1250.50',
  Booked: true,
  Cancel: false,
  CostCenter: '',
  Credit: false,
  Currency: 'EUR',
  CurrencyRate: '11.42',
  CurrencyUnit: 1,
  DueDate: '2026-06-30',
  ExternalInvoiceNumber: '',
  ExternalInvoiceSeries: '',
  FinalPayDate: '',
  GivenNumber: '12',
  InvoiceDate: '2026-05-31',
  InvoiceNumber: 'A-991',
  Project: '',
  SupplierName: 'Örebro Järn AB',
  SupplierNumber: '44',
  Total: '1250.50',
  AuthorizerName: 'Anna',
  Vouchers: [{ Number: 3, Year: 2, Series: 'D', ReferenceType: 'SUPPLIERINVOICE' }],
};

describe('the supplier invoice list', () => {
  it('reads numbers sent as strings as numbers (never concatenated), and Cancel as the cancel flag', () => {
    const page = parseSupplierInvoiceListResponse({ MetaInformation: { '@TotalResources': 2, '@TotalPages': 1, '@CurrentPage': 1 }, SupplierInvoices: [item, { ...item, GivenNumber: 13, Cancel: true, Balance: '-10', Total: '-10', Credit: true }] });
    expect(page.totalResources).toBe(2);
    const [first, second] = page.items;
    expect(first).toMatchObject({ givenNumber: '12', total: 1250.5, balance: 1250.5, currencyRate: 11.42, cancelled: false, finalPayDate: null, ocr: '', authorizePending: false, supplierName: 'Örebro Järn AB' });
    expect((first?.total ?? 0) + (second?.total ?? 0)).toBe(1240.5);
    expect(second).toMatchObject({ givenNumber: '13', cancelled: true, credit: true, balance: -10 });
  });

  it('drops an item without a GivenNumber and keeps the page; an empty list has 0 pages', () => {
    const odd: unknown[] = [];
    const page = parseSupplierInvoiceListResponse({ MetaInformation: { '@TotalResources': 2, '@TotalPages': 1, '@CurrentPage': 1 }, SupplierInvoices: [item, { ...item, GivenNumber: null }] }, { onOddity: (r) => odd.push(r) });
    expect(page.items.map((i) => i.givenNumber)).toEqual(['12']);
    expect(odd).toHaveLength(1);
    expect(parseSupplierInvoiceListResponse({ MetaInformation: { '@TotalResources': 0, '@TotalPages': 0, '@CurrentPage': 1 }, SupplierInvoices: [] })).toMatchObject({ items: [], totalPages: 0, currentPage: 1 });
    expect(() => parseSupplierInvoiceListResponse({ Invoices: [] })).toThrow(/supplier invoice list.*no SupplierInvoices array/);
  });

  it('refuses sortby before a request is spent, and takes the seven filters and its search fields', () => {
    expect(() => serviceQueryOf('supplierinvoices')({ sortby: 'givennumber' })).toThrow(/cannot sort supplier invoices/);
    for (const filter of ['cancelled', 'fullypaid', 'unpaid', 'unpaidoverdue', 'unbooked', 'pendingpayment', 'authorizepending']) {
      expect(serviceQueryOf('supplierinvoices')({ filter })).toEqual({ filter });
    }
    expect(serviceQueryOf('supplierinvoices')({ search: { field: 'suppliernumber', value: ' 44 ' }, fromdate: '2026-01-01' })).toEqual({ search: { field: 'suppliernumber', value: '44' }, fromdate: '2026-01-01' });
    expect(() => serviceQueryOf('supplierinvoices')({ search: { field: 'customername', value: 'x' } })).toThrow(/search.field/);
  });

  it('derives one status: cancelled, paid, payment under way, awaiting approval, overdue, partly paid, unpaid', () => {
    const base = { cancelled: false, balance: 100, total: 100, dueDate: '2026-07-01', paymentPending: false, authorizePending: false };
    const today = '2026-06-15';
    expect(supplierStatusOf({ ...base, cancelled: true }, today)).toBe('cancelled');
    expect(supplierStatusOf({ ...base, balance: 0 }, today)).toBe('paid');
    expect(supplierStatusOf({ ...base, paymentPending: true, authorizePending: true }, today)).toBe('payment-pending');
    expect(supplierStatusOf({ ...base, authorizePending: true, dueDate: '2026-06-01' }, today)).toBe('awaiting-approval');
    expect(supplierStatusOf({ ...base, dueDate: '2026-06-14' }, today)).toBe('overdue');
    expect(supplierStatusOf({ ...base, balance: 40 }, today)).toBe('partly-paid');
    expect(supplierStatusOf({ ...base, balance: -100, total: -100 }, today)).toBe('unpaid');
  });
});
