/**
 * How a supplier invoice of `GET /3/supplierinvoices` is read (item-reading.ts). Its quirks
 * (docs/service.md, Supplier invoices): GivenNumber, Total, Balance and CurrencyRate arrive as
 * strings; the cancel flag is `Cancel` in the list (the single invoice says `Cancelled`: both are
 * read); no OCR, approval or payment state in the item (the sync reads those from the filtered
 * lists and the details).
 */
import type { SupplierInvoice } from '../supplier-invoices';
import { itemReading } from './item-reading';

export const supplierInvoiceReading = itemReading<SupplierInvoice>()({
  identity: 'GivenNumber',
  fields: {
    '@url': 'url',
    GivenNumber: 'key',
    SupplierNumber: 'text',
    SupplierName: 'text',
    InvoiceNumber: 'text',
    InvoiceDate: 'text',
    DueDate: 'text',
    FinalPayDate: 'dateOrNull',
    Total: 'number',
    Balance: 'number',
    Currency: 'text',
    CurrencyRate: 'number',
    CurrencyUnit: 'number',
    Booked: 'flag',
    Credit: 'flag',
    Cancel: 'flag',
    Cancelled: 'flag',
    AuthorizerName: 'text',
    CostCenter: 'text',
    Project: 'text',
    ExternalInvoiceNumber: 'text',
    ExternalInvoiceSeries: 'text',
    OCR: 'text',
    PaymentPending: 'flag',
  },
  // FinalPayDate is null or empty until paid; the rest should not be null (counted when it is).
  nullIsNormal: ['FinalPayDate', '@url'],
  toItem(raw) {
    const invoice: SupplierInvoice = {
      givenNumber: raw.GivenNumber,
      supplierNumber: raw.SupplierNumber ?? '',
      supplierName: raw.SupplierName ?? '',
      invoiceNumber: raw.InvoiceNumber ?? '',
      invoiceDate: raw.InvoiceDate ?? '',
      dueDate: raw.DueDate ?? '',
      total: raw.Total ?? 0,
      balance: raw.Balance ?? 0,
      currency: raw.Currency ?? '',
      currencyRate: raw.CurrencyRate ?? 1,
      currencyUnit: raw.CurrencyUnit ?? 1,
      booked: raw.Booked ?? false,
      cancelled: raw.Cancel ?? raw.Cancelled ?? false,
      credit: raw.Credit ?? false,
      finalPayDate: raw.FinalPayDate ?? null,
      authorizerName: raw.AuthorizerName ?? '',
      costCenter: raw.CostCenter ?? '',
      project: raw.Project ?? '',
      externalInvoiceNumber: raw.ExternalInvoiceNumber ?? '',
      externalInvoiceSeries: raw.ExternalInvoiceSeries ?? '',
      ocr: raw.OCR ?? '',
      authorizePending: false,
      paymentPending: raw.PaymentPending ?? false,
    };
    if (raw['@url'] !== undefined) invoice.url = raw['@url'];
    return invoice;
  },
});
