/** The supplier side's words that follow rules: a payment's state. Pure: unit-tested. */
import type { Language, SupplierInvoiceDocument } from '../../../electron/ipc/contract';
import type { MessageKey } from '../../i18n/messages';
import { formatDate } from '../grid/format';

type T = (key: MessageKey, params?: Record<string, string | number>) => string;

/** The approval and payment state in words (pure: what the owner needs to know before paying). */
export function paymentState(doc: Pick<SupplierInvoiceDocument, 'cancelled' | 'balance' | 'paymentPending' | 'finalPayDate'>, language: Language, t: T): string {
  if (doc.cancelled) return t('supplier.details.payment.cancelled');
  if (doc.balance === 0) return doc.finalPayDate ? t('supplier.details.payment.paid', { date: formatDate(doc.finalPayDate, language) }) : t('supplier.details.payment.paidNoDate');
  if (doc.paymentPending) return t('supplier.details.payment.pending');
  return t('supplier.details.payment.open');
}

