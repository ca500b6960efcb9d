/**
 * How a customer invoice of `GET /3/invoices` is read (item-reading.ts): the service's PascalCase
 * wire names become common's camelCase `Invoice` here, in one place. Voucher fields are null until
 * the invoice is booked and FinalPayDate until it is paid (docs/service.md, List responses).
 */
import type { Invoice } from '../invoices';
import { itemReading } from './item-reading';

export const invoiceReading = itemReading<Invoice>()({
  identity: 'DocumentNumber',
  fields: {
    '@url': 'url',
    DocumentNumber: 'documentKey',
    CustomerNumber: 'text',
    CustomerName: 'text',
    InvoiceDate: 'text',
    DueDate: 'text',
    Total: 'number',
    Balance: 'number',
    Currency: 'text',
    CurrencyRate: 'number',
    CurrencyUnit: 'number',
    Booked: 'flag',
    Cancelled: 'flag',
    Sent: 'flag',
    NoxFinans: 'flag',
    OCR: 'text',
    InvoiceType: 'text',
    FinalPayDate: 'dateOrNull',
    CostCenter: 'text',
    Project: 'text',
    TermsOfPayment: 'text',
    WayOfDelivery: 'text',
    ExternalInvoiceReference1: 'text',
    ExternalInvoiceReference2: 'text',
    VoucherNumber: 'numberOrNull',
    VoucherSeries: 'textOrNull',
    VoucherYear: 'numberOrNull',
  },
  nullIsNormal: ['VoucherNumber', 'VoucherSeries', 'VoucherYear', 'FinalPayDate', '@url'],
  toItem(raw) {
    const invoice: Invoice = {
      documentNumber: raw.DocumentNumber,
      customerNumber: raw.CustomerNumber ?? '',
      customerName: raw.CustomerName ?? '',
      invoiceDate: raw.InvoiceDate ?? '',
      dueDate: raw.DueDate ?? '',
      total: raw.Total ?? 0,
      balance: raw.Balance ?? 0,
      currency: raw.Currency ?? '',
      currencyRate: raw.CurrencyRate ?? 1,
      currencyUnit: raw.CurrencyUnit ?? 1,
      booked: raw.Booked ?? false,
      cancelled: raw.Cancelled ?? false,
      sent: raw.Sent ?? false,
      ocr: raw.OCR ?? '',
      invoiceType: raw.InvoiceType ?? 'INVOICE',
      finalPayDate: raw.FinalPayDate ?? null,
      costCenter: raw.CostCenter ?? '',
      project: raw.Project ?? '',
      termsOfPayment: raw.TermsOfPayment ?? '',
      wayOfDelivery: raw.WayOfDelivery ?? '',
      externalInvoiceReference1: raw.ExternalInvoiceReference1 ?? '',
      externalInvoiceReference2: raw.ExternalInvoiceReference2 ?? '',
      voucherNumber: raw.VoucherNumber ?? null,
      voucherSeries: raw.VoucherSeries ?? null,
      voucherYear: raw.VoucherYear ?? null,
      noxFinans: raw.NoxFinans ?? false,
    };
    if (raw['@url'] !== undefined) invoice.url = raw['@url'];
    return invoice;
  },
});
