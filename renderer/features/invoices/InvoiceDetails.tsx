/**
 * The details panel: the invoice itself (InvoiceDocumentView: rows, totals, PDF), then every list
 * field of the selected invoice. Non-modal (the grid stays usable
 * beside it and the arrow keys move through the invoices while it is open); Escape closes it and
 * gives the focus back to the grid.
 */
import { useEffect, useId, useRef } from 'react';
import type { InvoiceRow, Language } from '../../../electron/ipc/contract';
import { useT } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/messages';
import { allColumnIds } from './columns';
import { cellText, columnKey, StatusBadge } from './cells';
import { InvoiceDocumentView } from './InvoiceDocumentView';
import { localeOf, formatCount } from './format';

export function InvoiceDetails({ row, companyId, language, onClose }: { row: InvoiceRow; companyId: string; language: Language; onClose: () => void }) {
  const t = useT();
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
  }, []);

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
    <section
      className="invoice-details card"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      data-testid="invoice-details"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <header className="details-header">
        <h2 id={titleId}>{t('grid.details.title', { number: row.documentNumber })}</h2>
        <button ref={closeRef} type="button" onClick={onClose} aria-label={t('grid.details.close')}>
          ×
        </button>
      </header>
      <InvoiceDocumentView key={row.documentNumber} companyId={companyId} documentNumber={row.documentNumber} language={language} />
      <h3>{t('details.listFields')}</h3>
      <dl className="facts details-facts">
        {allColumnIds.map((id) => (
          <div key={id} className="details-fact" data-field={id}>
            <dt>{t(columnKey(id))}</dt>
            <dd className={id === 'total' || id === 'balance' ? 'num' : undefined}>
              {id === 'status' ? <StatusBadge status={row.status} t={t} /> : cellText(id, row, language, t) || '–'}
            </dd>
          </div>
        ))}
        {extra.map(([key, value]) => (
          <div key={key} className="details-fact">
            <dt>{t(key)}</dt>
            <dd>{value || '–'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
