/**
 * The customer invoice's details panel (DetailsPanel.tsx: non-modal, Escape closes it): the
 * invoice itself (InvoiceDocumentView: rows, totals, PDF), its payments, its customer's statement
 * (StatementDialog), then every list field of the selected invoice.
 */
import type { InvoiceRow } from '../../../electron/ipc/contract';
import { useT } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/messages';
import { DetailsPanel, ListFields } from '../grid/DetailsPanel';
import type { DetailsProps } from '../grid/grid-resource';
import { InvoiceDocumentView } from './InvoiceDocumentView';
import { InvoicePayments } from '../payments/InvoicePayments';
import { localeOf, formatCount } from '../grid/format';
import { StatementButton } from '../statement/StatementButton';

export function InvoiceDetails({ resource, row, companyId, language, onClose }: DetailsProps<InvoiceRow>) {
  const t = useT();
  const extra: Array<[MessageKey, string]> = [
    ['grid.field.cancelled', t(row.cancelled ? 'grid.yes' : 'grid.no')],
    ['grid.field.currencyRate', new Intl.NumberFormat(localeOf[language], { maximumFractionDigits: 6 }).format(row.currencyRate)],
    ['grid.field.currencyUnit', formatCount(row.currencyUnit, language)],
    // "30 dagar", as the invoice above says it (a label with "(dagar)" in it would not fit its column).
    ['grid.field.termsOfPayment', /^\d+$/.test(row.termsOfPayment) ? t('details.termsDays', { days: row.termsOfPayment }) : row.termsOfPayment],
    ['grid.field.wayOfDelivery', row.wayOfDelivery],
    ['grid.field.externalInvoiceReference1', row.externalInvoiceReference1],
    ['grid.field.externalInvoiceReference2', row.externalInvoiceReference2],
    [
      'grid.field.voucher',
      row.voucherNumber === null ? '' : `${row.voucherSeries ?? ''}${row.voucherNumber}${row.voucherYear === null ? '' : ` (${row.voucherYear})`}`,
    ],
  ];

  return (
    <DetailsPanel title={t('grid.details.title', { number: row.documentNumber })} onClose={onClose}>
      <InvoiceDocumentView key={row.documentNumber} companyId={companyId} documentNumber={row.documentNumber} language={language} />
      <InvoicePayments companyId={companyId} side="invoicepayments" invoiceNumber={row.documentNumber} language={language} />
      <p className="details-actions">
        <StatementButton companyId={companyId} customerNumber={row.customerNumber} name={row.customerName} label={t('statement.ofCustomer', { name: row.customerName })} />
      </p>
      <ListFields resource={resource} row={row} language={language} extra={extra} />
    </DetailsPanel>
  );
}
