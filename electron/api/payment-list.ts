/**
 * The two payment lists' responses (list-response.ts, with a payment's item description). The two
 * public sources disagree on which fields are strings (api-facts "Payments"): every number is read
 * from a number or its text. The amount in the invoice's currency is `AmountCurrency`, else `Amount`
 * (*assumed*: `Amount` is in SEK when both are sent). A payment without a date, with a zero or
 * negative amount or in another currency than its invoice is kept as it is.
 */
import { z } from 'zod';
import type { Payment } from '../common/payments';
import { booleanLike, listResponseParser, nullableNumeric, numeric, text, type ListPage, type ParseOptions } from './list-response';

const paymentFields = {
  '@url': z.string().optional(),
  Number: z.union([z.string().regex(/^\s*\S+\s*$/).transform((s) => s.trim()), z.number().int().transform(String)]),
  InvoiceNumber: text.optional(),
  PaymentDate: text.optional(),
  Amount: nullableNumeric.optional(),
  AmountCurrency: nullableNumeric.optional(),
  Currency: text.optional(),
  CurrencyRate: numeric.optional(),
  CurrencyUnit: numeric.optional(),
  Booked: booleanLike.optional(),
  Source: text.optional(),
};

type RawPayment = z.infer<z.ZodObject<typeof paymentFields>>;

function toPayment(raw: RawPayment): Payment {
  const inCurrency = raw.AmountCurrency ?? null;
  const payment: Payment = {
    number: raw.Number,
    invoiceNumber: raw.InvoiceNumber ?? '',
    paymentDate: /^\d{4}-\d{2}-\d{2}$/.test(raw.PaymentDate ?? '') ? (raw.PaymentDate as string) : '',
    amount: inCurrency ?? raw.Amount ?? 0,
    amountSek: inCurrency !== null && raw.Amount !== undefined && raw.Amount !== null ? raw.Amount : null,
    currency: raw.Currency ?? '',
    currencyRate: raw.CurrencyRate ?? 1,
    currencyUnit: raw.CurrencyUnit ?? 1,
    booked: raw.Booked ?? false,
    source: raw.Source ?? '',
  };
  if (raw['@url'] !== undefined) payment.url = raw['@url'];
  return payment;
}

/** Which amount fields a source sends varies; a null or absent one is normal. */
const NULL_IS_NORMAL = new Set(['@url', 'Amount', 'AmountCurrency', 'Source']);

/** A parser of one side's list: its noun and wrapper key from the registry. */
export function paymentListParser(noun: string, wrapper: string): (json: unknown, options?: ParseOptions) => ListPage<Payment> {
  return listResponseParser({ noun, wrapper, identity: 'Number', fields: paymentFields, nullIsNormal: NULL_IS_NORMAL, toItem: toPayment });
}
