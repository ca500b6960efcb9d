/**
 * How a payment of either side's list is read (item-reading.ts). The two public sources disagree on
 * which fields are strings (docs/service.md, Payments): every number is read from a number or its
 * text. A payment without a date, with a zero or negative amount or in another currency than its
 * invoice is kept as it is.
 */
import type { Payment } from '../payments';
import { itemReading, type WireItem } from './item-reading';

const fields = {
  '@url': 'url',
  Number: 'key',
  InvoiceNumber: 'text',
  PaymentDate: 'text',
  Amount: 'numberOrNull',
  AmountCurrency: 'numberOrNull',
  Currency: 'text',
  CurrencyRate: 'number',
  CurrencyUnit: 'number',
  Booked: 'flag',
  Source: 'text',
} as const;

/** Rounded to öre: a converted amount is a quotient (11420 / 11.42 is 1000.0000000000001). */
const toOre = (value: number): number => Math.round(value * 100) / 100;

/**
 * The amount in the invoice's currency, and in SEK when that is another figure. `AmountCurrency` when
 * it is readable. Else `Amount`, which is in SEK (*assumed*: no source says so outright): as
 * it is for a payment in SEK (a Currency of SEK, or none with no rate but 1), and for one in another
 * currency converted at the payment's own rate, Amount / CurrencyRate × CurrencyUnit. Without a
 * usable rate the amount in that currency is not known: 0, the neutral amount of every list, never
 * the SEK figure taken as if it were in that currency.
 */
function amountsOf(raw: WireItem<typeof fields>): Pick<Payment, 'amount' | 'amountSek'> {
  const sek = raw.Amount ?? null;
  if (raw.AmountCurrency !== undefined && raw.AmountCurrency !== null) return { amount: raw.AmountCurrency, amountSek: sek };
  const currency = (raw.Currency ?? '').trim().toUpperCase();
  const inSek = currency === 'SEK' || (currency === '' && (raw.CurrencyRate === undefined || raw.CurrencyRate === 1));
  if (inSek) return { amount: sek ?? 0, amountSek: null };
  const rate = raw.CurrencyRate ?? 0;
  const unit = raw.CurrencyUnit ?? 1;
  const convertible = sek !== null && rate > 0 && unit > 0;
  return { amount: convertible ? toOre((sek / rate) * unit) : 0, amountSek: sek };
}

export const paymentReading = itemReading<Payment>()({
  identity: 'Number',
  fields,
  // Which amount fields a source sends varies; a null or absent one is normal.
  nullIsNormal: ['@url', 'Amount', 'AmountCurrency', 'Source'],
  toItem(raw) {
    const payment: Payment = {
      number: raw.Number,
      invoiceNumber: raw.InvoiceNumber ?? '',
      paymentDate: /^\d{4}-\d{2}-\d{2}$/.test(raw.PaymentDate ?? '') ? (raw.PaymentDate as string) : '',
      ...amountsOf(raw),
      currency: raw.Currency ?? '',
      currencyRate: raw.CurrencyRate ?? 1,
      currencyUnit: raw.CurrencyUnit ?? 1,
      booked: raw.Booked ?? false,
      source: raw.Source ?? '',
    };
    if (raw['@url'] !== undefined) payment.url = raw['@url'];
    return payment;
  },
});
