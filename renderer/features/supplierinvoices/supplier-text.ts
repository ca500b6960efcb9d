/** The supplier side's words that follow rules: what its access notice says, and a payment's state. Pure: unit-tested. */
import type { IpcError, Language, SupplierInvoiceDocument } from '../../../electron/ipc/contract';
import type { MessageKey } from '../../i18n/messages';
import { formatDate } from '../grid/format';

type T = (key: MessageKey, params?: Record<string, string | number>) => string;

/** The words for what the supplier side lacks, by the error's kind (pure: unit-tested). */
export function accessNoticeText(error: Pick<IpcError, 'kind'>, serviceAccount: boolean): { title: MessageKey; body: MessageKey | null; approve: boolean } {
  switch (error.kind) {
    case 'scope-missing':
      return serviceAccount
        ? { title: 'supplier.access.scope-missing.title', body: 'supplier.access.scope-missing.serviceAccount', approve: false }
        : { title: 'supplier.access.scope-missing.title', body: 'supplier.access.scope-missing.body', approve: true };
    case 'licence-missing':
      return { title: 'supplier.access.licence-missing.title', body: 'supplier.access.licence-missing.body', approve: false };
    case 'permission-missing':
      return { title: 'supplier.access.permission-missing.title', body: 'supplier.access.permission-missing.body', approve: false };
    default:
      return { title: 'supplier.access.other.title', body: null, approve: false };
  }
}

/** The approval and payment state in words (pure: what the owner needs to know before paying). */
export function paymentState(doc: Pick<SupplierInvoiceDocument, 'cancelled' | 'balance' | 'paymentPending' | 'finalPayDate'>, language: Language, t: T): string {
  if (doc.cancelled) return t('supplier.details.payment.cancelled');
  if (doc.balance === 0) return doc.finalPayDate ? t('supplier.details.payment.paid', { date: formatDate(doc.finalPayDate, language) }) : t('supplier.details.payment.paidNoDate');
  if (doc.paymentPending) return t('supplier.details.payment.pending');
  return t('supplier.details.payment.open');
}

