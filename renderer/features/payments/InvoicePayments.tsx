/**
 * An invoice's payments in its details panel, either side: date, amount, currency,
 * manual or direct, booked or not, in date order. From the local copy by the invoice's exact number
 * (the payment lists' own key `invoice`), or, before the copy is ready, from the service's own
 * search by invoice number. A company without the payment scope gets a line saying so, nothing more.
 */
import { useQuery } from '@tanstack/react-query';
import type { Language } from '../../../electron/ipc/contract';
import type { GridQueryOf } from '../../../electron/common/lists/grid-types';
import type { PaymentPageView } from '../../../electron/common/payments';
import { desk, unwrap, type DeskError } from '../../api';
import { useT } from '../../i18n/i18n';
import { formatAmount, formatDate } from '../grid/format';
import { INVOICE_GC_MS, INVOICE_STALE_MS } from '../grid/queries';
import { useGridMode } from '../sync/queries';

export type PaymentSide = 'invoicepayments' | 'supplierinvoicepayments';

export function InvoicePayments({ companyId, side, invoiceNumber, language }: { companyId: string; side: PaymentSide; invoiceNumber: string; language: Language }) {
  const t = useT();
  const { mode, isPending: modePending } = useGridMode(companyId, side);
  const query: GridQueryOf<PaymentSide> =
    mode === 'local' ? { page: 1, limit: 100, invoice: invoiceNumber, sortby: 'paymentdate', sortorder: 'ascending' } : { page: 1, limit: 100, search: { field: 'invoicenumber', value: invoiceNumber } };
  const payments = useQuery<PaymentPageView, DeskError>({
    enabled: !modePending,
    queryKey: ['invoicePayments', companyId, side, invoiceNumber, mode],
    // Both sides take the same query and answer the same page (the window's overloads are per list).
    queryFn: () => unwrap(side === 'invoicepayments' ? desk().lists.page('invoicepayments', companyId, query, 'interactive') : desk().lists.page('supplierinvoicepayments', companyId, query, 'interactive')),
    staleTime: INVOICE_STALE_MS,
    gcTime: INVOICE_GC_MS,
    retry: false,
  });
  // The service searches by a part of the number: only this invoice's payments are shown.
  const rows = (payments.data?.rows ?? []).filter((row) => row.invoiceNumber === invoiceNumber);
  return (
    <section aria-label={t('payments.title')} data-testid="invoice-payments" data-state={payments.isPending ? 'loading' : payments.error ? 'error' : 'ready'}>
      <h3>{t('payments.title')}</h3>
      {payments.isPending ? (
        <p className="muted" role="status">
          {t('details.loading')}
        </p>
      ) : payments.error ? (
        <p className="muted small" data-testid="invoice-payments-error">
          {t(payments.error.kind === 'scope-missing' ? 'payments.noScope' : 'payments.error')}
        </p>
      ) : rows.length === 0 ? (
        <p className="muted">{t('payments.none')}</p>
      ) : (
        <table className="document-rows" data-testid="invoice-payments-rows">
          <thead>
            <tr>
              <th scope="col">{t('payments.col.date')}</th>
              <th scope="col" className="num">
                {t('payments.col.amount')}
              </th>
              <th scope="col">{t('payments.col.source')}</th>
              <th scope="col">{t('payments.col.booked')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.number} data-payment={row.number}>
                <td>{row.paymentDate ? formatDate(row.paymentDate, language) : t('payments.noDate')}</td>
                <td className="num">{formatAmount(row.amount, row.currency, language)}</td>
                <td>{row.source === 'direct' ? t('payments.source.direct') : row.source === 'manual' ? t('payments.source.manual') : row.source}</td>
                <td>{t(row.booked ? 'grid.yes' : 'grid.no')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
