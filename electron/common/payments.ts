/**
 * Payments (inbetalningar and utbetalningar), `GET /3/invoicepayments` and
 * `GET /3/supplierinvoicepayments` (docs/service.md, Payments): money that arrived for a customer
 * invoice, or went out for a supplier invoice. Pure data and types, shared by the main process, the
 * renderer and the CLI. A payment names its invoice only (DocumentNumber, or the supplier invoice's
 * GivenNumber); its customer or supplier is the invoice's.
 */
import type { ListPageView } from './list-primitives';

/** One payment of either list, as the copy keeps it. */
export interface Payment {
  /** The payment's own number at the service (its identity). */
  number: string;
  /** The invoice it pays: a DocumentNumber (customer side) or a GivenNumber (supplier side). */
  invoiceNumber: string;
  /** YYYY-MM-DD; '' when the service sent none (kept and shown, never placed by date). */
  paymentDate: string;
  /**
   * In the invoice's currency: `AmountCurrency`; else `Amount` (*assumed* in SEK), in another
   * currency than SEK converted at the payment's rate (common/lists/payment-reading.ts); 0 when it cannot be.
   */
  amount: number;
  /** In SEK, when that is another figure than `amount` (`Amount` beside `AmountCurrency`, or converted); else null. */
  amountSek: number | null;
  currency: string;
  currencyRate: number;
  currencyUnit: number;
  /** A payment counts whether booked or not. */
  booked: boolean;
  /** "manual" or "direct" (a direct payment through the bank), as the service says it. */
  source: string;
  url?: string;
}

/** Booked or not: the rule's own answers (their words are the registry's, common/lists/payments.ts). */
export type PaymentStatus = ReturnType<typeof paymentStatusOf>;
export type PaymentRow = Omit<Payment, 'url'> & { status: PaymentStatus };

export function paymentStatusOf(payment: Pick<Payment, 'booked'>) {
  return payment.booked ? 'booked' : 'unbooked';
}

export type PaymentPageView = ListPageView<PaymentRow>;
