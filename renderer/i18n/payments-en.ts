/** English words of the payments (keys: payments-sv.ts). */
import type { paymentsSv } from './payments-sv';

export const paymentsEn: Record<keyof typeof paymentsSv, string> = {
  'payments.title': 'Payments',
  'payments.none': 'No payments registered.',
  'payments.noScope': 'Payments show once the company has approved access to payments (reconnect).',
  'payments.error': 'The payments could not be read just now.',
  'payments.noDate': 'no date',
  'payments.col.date': 'Date',
  'payments.col.amount': 'Amount',
  'payments.col.source': 'Source',
  'payments.col.booked': 'Booked',
  'payments.source.manual': 'Manual',
  'payments.source.direct': 'Direct',
};
