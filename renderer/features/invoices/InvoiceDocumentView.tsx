/**
 * The invoice itself in the details panel: what was sold (its rows), the amounts (net, VAT by
 * rate, rounding, to pay, still owed), to whom (address, references), on what terms, and its PDF
 * one click away (opened or saved by the main process: the page never sees the document).
 */
import type { InvoiceDocument, Language } from '../../../electron/ipc/contract';
import { desk } from '../../api';
import { useT } from '../../i18n/i18n';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { Fact, FileActions, useSettled } from '../grid/DetailsPanel';
import { formatAmount, formatCount, formatPlainAmount, localeOf } from '../grid/format';
import { useInvoiceDocument } from '../grid/queries';

export function InvoiceDocumentView({ companyId, documentNumber, language }: { companyId: string; documentNumber: string; language: Language }) {
  const t = useT();
  const settled = useSettled();
  const document = useInvoiceDocument(companyId, documentNumber, settled);
  if (document.isPending) return <p className="muted" role="status">{t('details.loading')}</p>;
  if (document.error) {
    if (document.error.kind === 'not-found') return <p role="alert" data-testid="invoice-not-found">{t('details.notFound')}</p>;
    return <ErrorBanner error={document.error} />;
  }
  return <DocumentBody document={document.data} companyId={companyId} language={language} />;
}

function DocumentBody({ document: doc, companyId, language }: { document: InvoiceDocument; companyId: string; language: Language }) {
  const t = useT();
  const money = (value: number) => formatAmount(value, doc.currency, language);
  // The rows' amounts without their currency (the heading says it once): the five columns fit the panel.
  const plain = (value: number) => formatPlainAmount(value, language);
  const quantity = new Intl.NumberFormat(localeOf[language], { maximumFractionDigits: 3 });
  const vatByRate = new Map<number, number>();
  for (const row of doc.rows) vatByRate.set(row.vat, (vatByRate.get(row.vat) ?? 0) + (row.total * row.vat) / 100);
  const address = [doc.address.address1, doc.address.address2, [doc.address.zipCode, doc.address.city].filter(Boolean).join(' '), doc.address.country].filter(Boolean);
  const facts: Array<[string, string]> = [
    [t('details.yourReference'), doc.yourReference],
    [t('details.ourReference'), doc.ourReference],
    [t('details.yourOrderNumber'), doc.yourOrderNumber],
    [t('details.terms'), /^\d+$/.test(doc.termsOfPayment) ? t('details.termsDays', { days: doc.termsOfPayment }) : doc.termsOfPayment],
    [t('details.delivery'), doc.wayOfDelivery],
  ];
  return (
    <div className="invoice-document" data-testid="invoice-document">
      <PdfActions companyId={companyId} documentNumber={doc.documentNumber} />
      <section aria-label={t('details.customer')}>
        <h3>{t('details.customer')}</h3>
        <address data-testid="invoice-address">
          <strong>{doc.customerName}</strong>
          {address.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </address>
      </section>
      <h3>{t('details.rowsIn', { currency: doc.currency })}</h3>
      {doc.rows.length === 0 ? (
        <p className="muted">{t('details.noRows')}</p>
      ) : (
        <table className="document-rows" data-testid="invoice-rows" data-currency={doc.currency}>
          <thead>
            <tr>
              <th scope="col">{t('details.col.description')}</th>
              <th scope="col" className="num">{t('details.col.quantity')}</th>
              <th scope="col" className="num">{t('details.col.price')}</th>
              <th scope="col" className="num">{t('details.col.vat')}</th>
              <th scope="col" className="num">{t('details.col.total')}</th>
            </tr>
          </thead>
          <tbody>
            {doc.rows.map((row, index) => (
              <tr key={index}>
                <td>
                  {row.description}
                  {row.articleNumber && <div className="muted small">{row.articleNumber}</div>}
                </td>
                <td className="num">{`${quantity.format(row.quantity)} ${row.unit}`.trim()}</td>
                <td className="num">{plain(row.price)}</td>
                <td className="num">{`${formatCount(row.vat, language)} %`}</td>
                <td className="num">{plain(row.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dl className="facts document-totals" data-testid="invoice-totals">
        <Fact label={t('details.net')} value={money(doc.net)} />
        {[...vatByRate.keys()].sort((a, b) => b - a).map((rate) => (
          <Fact key={rate} label={t('details.vatRate', { rate: formatCount(rate, language) })} value={money(Math.round((vatByRate.get(rate) ?? 0) * 100) / 100)} />
        ))}
        {vatByRate.size !== 1 && <Fact label={t('details.vat')} value={money(doc.totalVat)} />}
        {doc.roundOff !== 0 && <Fact label={t('details.roundOff')} value={money(doc.roundOff)} />}
        <Fact label={t('details.totalToPay')} value={money(doc.totalToPay)} strong field="totalToPay" />
        <Fact label={t('details.balance')} value={money(doc.balance)} field="balance" />
      </dl>
      <dl className="facts document-facts">
        {facts.filter(([, value]) => value !== '').map(([label, value]) => (
          <Fact key={label} label={label} value={value} />
        ))}
      </dl>
    </div>
  );
}

function PdfActions({ companyId, documentNumber }: { companyId: string; documentNumber: string }) {
  return (
    <FileActions
      open={() => desk().invoices.openPdf(companyId, documentNumber)}
      save={() => desk().invoices.savePdf(companyId, documentNumber)}
      labels={{ open: 'details.openPdf', save: 'details.savePdf', opened: 'details.pdfOpened', saved: 'details.pdfSaved' }}
      testIds={{ open: 'open-pdf', save: 'save-pdf', status: 'pdf-status' }}
    />
  );
}
