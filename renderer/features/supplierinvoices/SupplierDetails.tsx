/**
 * A supplier invoice's details panel (the customer invoice's parts, DetailsPanel.tsx): what the
 * supplier billed and how it is booked (account, debit, credit), VAT, freight and fees, the total
 * and what is still to pay by when, the approval and payment state, the OCR to pay with, and the
 * scanned invoice one click away (opened or saved by the main process: the window never sees the
 * file); then every list field of the row.
 */
import type { Language, SupplierInvoiceDocument, SupplierInvoiceRow } from '../../../electron/ipc/contract';
import { desk } from '../../api';
import { useT } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/messages';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { StatusBadge } from '../grid/cells';
import { DetailsPanel, Fact, FileActions, ListFields, useSettled } from '../grid/DetailsPanel';
import { InvoicePayments } from '../payments/InvoicePayments';
import { formatAmount, formatDate, localeOf } from '../grid/format';
import type { DetailsProps } from '../grid/grid-resource';
import { useSupplierInvoiceDocument } from './queries';
import { paymentState } from './supplier-text';

export function SupplierDetails({ resource, row, companyId, language, onClose }: DetailsProps<SupplierInvoiceRow>) {
  const t = useT();
  const extra: Array<[MessageKey, string]> = [
    ['grid.field.cancelled', t(row.cancelled ? 'grid.yes' : 'grid.no')],
    ['supplier.details.credit', t(row.credit ? 'grid.yes' : 'grid.no')],
    ['grid.field.currencyRate', new Intl.NumberFormat(localeOf[language], { maximumFractionDigits: 6 }).format(row.currencyRate)],
  ];
  return (
    <DetailsPanel title={t('supplier.details.title', { number: row.givenNumber })} onClose={onClose}>
      <SupplierDocumentView key={row.givenNumber} companyId={companyId} givenNumber={row.givenNumber} language={language} />
      <InvoicePayments companyId={companyId} side="supplierinvoicepayments" invoiceNumber={row.givenNumber} language={language} />
      <ListFields resource={resource} row={row} language={language} extra={extra} />
    </DetailsPanel>
  );
}

function SupplierDocumentView({ companyId, givenNumber, language }: { companyId: string; givenNumber: string; language: Language }) {
  const t = useT();
  const settled = useSettled();
  const document = useSupplierInvoiceDocument(companyId, givenNumber, settled);
  if (document.isPending) return <p className="muted" role="status">{t('supplier.details.loading')}</p>;
  if (document.error) {
    if (document.error.kind === 'not-found') return <p role="alert" data-testid="invoice-not-found">{t('supplier.details.notFound')}</p>;
    return <ErrorBanner error={document.error} />;
  }
  return <DocumentBody document={document.data} companyId={companyId} language={language} />;
}

function DocumentBody({ document: doc, companyId, language }: { document: SupplierInvoiceDocument; companyId: string; language: Language }) {
  const t = useT();
  const money = (value: number) => formatAmount(value, doc.currency, language);
  const facts: Array<[MessageKey, string, string]> = [
    ['list.supplierinvoices.col.invoiceNumber', doc.invoiceNumber, 'invoiceNumber'],
    ['list.supplierinvoices.col.invoiceDate', formatDate(doc.invoiceDate, language), 'invoiceDate'],
    ['list.supplierinvoices.col.dueDate', formatDate(doc.dueDate, language), 'dueDate'],
    ['list.supplierinvoices.col.ocr', doc.ocr, 'ocr'],
    ['supplier.details.ourReference', doc.ourReference, 'ourReference'],
    ['supplier.details.yourReference', doc.yourReference, 'yourReference'],
    ['supplier.details.comments', doc.comments, 'comments'],
  ];
  return (
    <div className="invoice-document" data-testid="supplier-document">
      {doc.scan ? (
        <FileActions
          open={() => desk().supplierinvoices.openScan(companyId, doc.givenNumber)}
          save={() => desk().supplierinvoices.saveScan(companyId, doc.givenNumber)}
          labels={{ open: 'supplier.details.openScan', save: 'supplier.details.saveScan', opened: 'supplier.details.scanOpened', saved: 'supplier.details.scanSaved' }}
          testIds={{ open: 'open-scan', save: 'save-scan', status: 'scan-status' }}
        />
      ) : (
        <p className="muted" data-testid="no-scan">
          {t('supplier.details.noScan')}
        </p>
      )}
      <section aria-label={t('supplier.details.supplier')}>
        <h3>{t('supplier.details.supplier')}</h3>
        <p className="supplier-name" data-testid="supplier-name">
          <strong>{doc.supplierName}</strong>
          <span className="muted small">{t('supplier.details.supplierNumber', { number: doc.supplierNumber })}</span>
        </p>
      </section>
      <dl className="facts details-facts document-facts" data-testid="supplier-facts">
        {facts
          .filter(([, value]) => value !== '')
          .map(([label, value, field]) => (
            <div key={field} className="details-fact" data-field={field}>
              <dt>{t(label)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        <div className="details-fact" data-field="status">
          <dt>{t('list.supplierinvoices.col.status')}</dt>
          <dd>
            <StatusBadge status={doc.status} label={t(`list.supplierinvoices.status.${doc.status}`)} />
          </dd>
        </div>
        <div className="details-fact" data-field="approval">
          <dt>{t('supplier.details.approval')}</dt>
          <dd>{t(doc.authorizePending ? 'supplier.details.approval.pending' : 'supplier.details.approval.done')}</dd>
        </div>
        <div className="details-fact" data-field="payment">
          <dt>{t('supplier.details.payment')}</dt>
          <dd>{paymentState(doc, language, t)}</dd>
        </div>
      </dl>
      <h3>{t('supplier.details.rows')}</h3>
      {doc.rows.length === 0 ? (
        <p className="muted">{t('supplier.details.noRows')}</p>
      ) : (
        <table className="document-rows booking-rows" data-testid="supplier-rows">
          <thead>
            <tr>
              <th scope="col">{t('supplier.details.col.account')}</th>
              <th scope="col" className="num">
                {t('supplier.details.col.debit')}
              </th>
              <th scope="col" className="num">
                {t('supplier.details.col.credit')}
              </th>
            </tr>
          </thead>
          <tbody>
            {doc.rows.map((row, index) => (
              <tr key={index} data-account={row.account}>
                <td>
                  <span className="account-number">{row.account}</span> {row.accountDescription}
                  {row.description && row.description !== row.accountDescription && <div className="muted small">{row.description}</div>}
                </td>
                <td className="num">{row.debit !== 0 ? money(row.debit) : ''}</td>
                <td className="num">{row.credit !== 0 ? money(row.credit) : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dl className="facts document-totals" data-testid="supplier-totals">
        <Fact label={t('supplier.details.vat')} value={money(doc.vat)} field="vat" />
        {doc.freight !== 0 && <Fact label={t('supplier.details.freight')} value={money(doc.freight)} field="freight" />}
        {doc.administrationFee !== 0 && <Fact label={t('supplier.details.administrationFee')} value={money(doc.administrationFee)} field="administrationFee" />}
        {doc.roundOffValue !== 0 && <Fact label={t('supplier.details.roundOff')} value={money(doc.roundOffValue)} field="roundOff" />}
        <Fact label={t('supplier.details.total')} value={money(doc.total)} strong field="total" />
        <Fact label={t('supplier.details.balance')} value={money(doc.balance)} strong={doc.balance !== 0 && !doc.cancelled} field="balance" />
        <Fact label={t('list.supplierinvoices.col.dueDate')} value={formatDate(doc.dueDate, language)} field="dueDateToPay" />
      </dl>
    </div>
  );
}
