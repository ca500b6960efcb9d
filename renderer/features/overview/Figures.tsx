/**
 * The overview's lists of figures: per currency, what is owed (or to pay) and overdue with what is
 * counted apart under them (drafts; awaiting approval and payment under way), one component for
 * both sides; the ten customers who owe the most overdue (amount, count, oldest due date, how late
 * they usually pay); the ten suppliers to pay soonest. Every figure is a button that opens exactly
 * its invoices in the customer or the supplier grid.
 */
import { useId, type MouseEvent, type ReactNode } from 'react';
import type { PayablesReport, SupplierToPay } from '../../../electron/common/payables';
import type { CurrencyDrafts, CurrencyReceivables, OverdueCustomer } from '../../../electron/common/receivables';
import type { Language } from '../../../electron/ipc/contract';
import { useT } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/messages';
import { formatAmount, formatCount, formatDate } from '../grid/format';
import { byCurrency } from './report-view';
import { invoiceCount, usualLateness } from './chart-format';
import { isCustomerLink, type OverviewLink } from './links';
import { ofCurrency } from '../../../electron/common/currency-table';

/**
 * A figure that is a link: the number, and what it opens as its tooltip (customer or supplier
 * invoices). A name (`fullText`) cut to one line has itself in full in the tooltip too.
 */
export function FigureButton({ link, onLink, children, data, className = 'figure', fullText }: { link: OverviewLink; onLink: (link: OverviewLink) => void; children: ReactNode; data: Record<`data-${string}`, string | number>; className?: string; fullText?: string }) {
  const t = useT();
  const hint = t(linkHint(link));
  const onMouseEnter =
    fullText === undefined
      ? undefined
      : (event: MouseEvent<HTMLButtonElement>) => {
          const element = event.currentTarget;
          element.title = element.scrollWidth > element.clientWidth ? `${fullText}\n${hint}` : hint;
        };
  return (
    <button type="button" className={className} title={hint} onClick={() => onLink(link)} onMouseEnter={onMouseEnter} {...data}>
      {children}
    </button>
  );
}

/** The tooltip of a figure: which list it opens. */
export const linkHint = (link: OverviewLink): MessageKey => (isCustomerLink(link) ? 'overview.linkHint' : 'payables.linkHint');

/** One figure of a currency: its label, amount and count, and the link to exactly its invoices. */
export interface TotalLine {
  label: MessageKey;
  amount: number;
  count: number;
  link: OverviewLink;
  /** data-testid of its button. */
  testId: string;
  /** Overdue: in the danger colour. Apart: under a dashed line (not part of the figures above, or shown again on its own). */
  tone?: 'overdue' | 'apart';
}

/** Per currency (SEK first), each line's amount with its count, each a link. */
export function CurrencyTotals({
  title,
  testId,
  rowTestId,
  codes,
  linesOf,
  empty,
  footnote,
  language,
  onLink,
}: {
  title: MessageKey;
  testId: string;
  rowTestId: string;
  codes: readonly string[];
  linesOf: (code: string) => TotalLine[];
  /** Said when nothing is there (null: nothing to say). */
  empty: MessageKey | null;
  footnote?: MessageKey;
  language: Language;
  onLink: (link: OverviewLink) => void;
}) {
  const t = useT();
  const headingId = useId();
  return (
    <section className="overview-panel overview-totals" aria-labelledby={headingId} data-testid={testId}>
      <div className="overview-panel-header">
        <h4 id={headingId}>{t(title)}</h4>
      </div>
      {empty && <p className="muted">{t(empty)}</p>}
      {[...codes].sort(byCurrency).map((code) => (
        <dl key={code} className="owed-currency" data-testid={rowTestId} data-currency={code}>
          {linesOf(code).map((line) => (
            <div key={line.testId} className={line.tone === 'apart' ? 'owed-apart' : undefined}>
              <dt>{`${t(line.label)}, ${code}`}</dt>
              <dd>
                <FigureButton link={line.link} onLink={onLink} data={{ 'data-testid': line.testId, 'data-amount': line.amount, 'data-count': line.count }}>
                  <span className={`figure-amount${line.tone === 'overdue' ? ' overdue' : line.tone === 'apart' ? ' draft' : ''}`}>{formatAmount(line.amount, code, language)}</span>
                  {/* Shown as two lines; read as "… kr, 3 873 fakturor", not "… kr3 873 fakturor". */}
                  <span className="visually-hidden">, </span>
                  <span className="figure-count">{invoiceCount(line.count, language, t)}</span>
                </FigureButton>
              </dd>
            </div>
          ))}
        </dl>
      ))}
      {footnote && codes.length > 0 && <p className="muted small figure-footnote">{t(footnote)}</p>}
    </section>
  );
}

/** Owed and overdue per currency, drafts apart under them (not booked: never owed, common/owed.ts). */
export function OwedTotals({ currencies, drafts, language, onLink }: { currencies: Record<string, CurrencyReceivables>; drafts: Record<string, CurrencyDrafts>; language: Language; onLink: (link: OverviewLink) => void }) {
  const codes = [...new Set([...Object.keys(currencies), ...Object.keys(drafts)])];
  const linesOf = (code: string): TotalLine[] => {
    const figures = ofCurrency(currencies, code);
    const draft = ofCurrency(drafts, code);
    return [
      ...(figures
        ? [
            { label: 'overview.owed', amount: figures.owed, count: figures.counts.owed, link: { kind: 'owed', currency: code }, testId: 'owed-amount' } as const,
            { label: 'overview.overdue', amount: figures.overdue, count: figures.counts.overdue, link: { kind: 'overdue', currency: code }, testId: 'overdue-amount', tone: 'overdue' } as const,
          ]
        : []),
      ...(draft ? [{ label: 'overview.drafts', amount: draft.amount, count: draft.count, link: { kind: 'drafts', currency: code }, testId: 'drafts-amount', tone: 'apart' } as const] : []),
    ];
  };
  return (
    <CurrencyTotals
      title="overview.totals"
      testId="owed-totals"
      rowTestId="owed-row"
      codes={codes}
      linesOf={linesOf}
      empty={Object.keys(currencies).length === 0 ? 'overview.nothingOwed' : null}
      language={language}
      onLink={onLink}
    />
  );
}

export function TopOverdue({ customers, language, onLink }: { customers: readonly OverdueCustomer[]; language: Language; onLink: (link: OverviewLink) => void }) {
  const t = useT();
  const headingId = useId();
  return (
    <section className="overview-panel overview-top" aria-labelledby={headingId} data-testid="top-overdue">
      <div className="overview-panel-header">
        <h4 id={headingId}>{t('overview.top')}</h4>
      </div>
      {customers.length === 0 ? (
        <p className="muted">{t('overview.top.none')}</p>
      ) : (
        <table className="overview-table">
          <thead>
            <tr>
              <th scope="col">{t('overview.top.customer')}</th>
              <th scope="col" className="num">{t('overview.overdue')}</th>
              <th scope="col" className="num">{t('overview.count')}</th>
              <th scope="col" className="num">{t('overview.top.oldest')}</th>
              <th scope="col" className="num">{t('overview.top.usual')}</th>
            </tr>
          </thead>
          <tbody>
            {customers.map((customer) => {
              const link: OverviewLink = { kind: 'customer', customer: customer.customerNumber, currency: customer.currency };
              return (
                <tr key={`${customer.customerNumber} ${customer.currency}`} data-testid="top-customer" data-customer={customer.customerNumber} data-currency={customer.currency}>
                  <th scope="row" className="customer-cell">
                    <FigureButton link={link} onLink={onLink} data={{ 'data-testid': 'top-customer-name' }} fullText={customer.customerName || customer.customerNumber}>
                      {customer.customerName || customer.customerNumber}
                    </FigureButton>
                  </th>
                  <td className="num">
                    <FigureButton link={link} onLink={onLink} data={{ 'data-testid': 'top-customer-amount', 'data-amount': customer.amount }}>
                      {formatAmount(customer.amount, customer.currency, language)}
                    </FigureButton>
                  </td>
                  <td className="num">
                    <FigureButton link={link} onLink={onLink} data={{ 'data-testid': 'top-customer-count', 'data-count': customer.count }}>
                      {formatCount(customer.count, language)}
                    </FigureButton>
                  </td>
                  <td className="num">{formatDate(customer.oldestDueDate, language)}</td>
                  <td className="num usual-late" data-testid="top-customer-usual" data-days={customer.usualDaysLate}>
                    {usualLateness(customer.usualDaysLate, t)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The ten suppliers to pay soonest: what is overdue and what falls due within 30 days, each a link to exactly those invoices. */
export function SoonestSuppliers({ suppliers, language, onLink }: { suppliers: readonly SupplierToPay[]; language: Language; onLink: (link: OverviewLink) => void }) {
  const t = useT();
  const headingId = useId();
  return (
    <section className="overview-panel overview-soonest" aria-labelledby={headingId} data-testid="pay-soonest">
      <div className="overview-panel-header">
        <h4 id={headingId}>{t('payables.soonest')}</h4>
      </div>
      {suppliers.length === 0 ? (
        <p className="muted">{t('payables.soonest.none')}</p>
      ) : (
        <table className="overview-table">
          <thead>
            <tr>
              <th scope="col">{t('payables.soonest.supplier')}</th>
              <th scope="col" className="num">{t('payables.soonest.overdue')}</th>
              <th scope="col" className="num">{t('payables.soonest.dueSoon')}</th>
            </tr>
          </thead>
          <tbody>
            {suppliers.map((supplier) => {
              const link: OverviewLink = { kind: 'supplier', supplier: supplier.supplierNumber, currency: supplier.currency };
              // Nothing there: a dash, not a link that would open the supplier's other invoices.
              const cell = (amount: number, count: number, testId: string) => count === 0 ? (
                <td className="num muted" data-testid={testId} data-amount={0} data-count={0}>
                  –
                </td>
              ) : (
                <td className="num">
                  {/* On one line (the list is as tall as the ageing chart beside it): the count short ("4 st"), read in full. */}
                  <FigureButton link={link} onLink={onLink} className="figure figure-inline" data={{ 'data-testid': testId, 'data-amount': amount, 'data-count': count }}>
                    <span className="figure-text">{formatAmount(amount, supplier.currency, language)}</span>
                    <span className="visually-hidden">{`, ${invoiceCount(count, language, t)}`}</span>
                    <span className="figure-count" aria-hidden="true">
                      {t('overview.countShort', { count: formatCount(count, language) })}
                    </span>
                  </FigureButton>
                </td>
              );
              return (
                <tr key={`${supplier.supplierNumber} ${supplier.currency}`} data-testid="pay-supplier" data-supplier={supplier.supplierNumber} data-currency={supplier.currency} data-count={supplier.overdueCount + supplier.dueSoonCount}>
                  <th scope="row" className="customer-cell">
                    <FigureButton link={link} onLink={onLink} data={{ 'data-testid': 'pay-supplier-name' }} fullText={supplier.supplierName || supplier.supplierNumber}>
                      {supplier.supplierName || supplier.supplierNumber}
                    </FigureButton>
                  </th>
                  {cell(supplier.overdue, supplier.overdueCount, 'pay-supplier-overdue')}
                  {cell(supplier.dueSoon, supplier.dueSoonCount, 'pay-supplier-soon')}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * To pay and overdue per currency, and apart under them what is awaiting approval ("Att attestera")
 * and what has a payment under way ("Betalning pågår"): both are part of to pay (the money has not
 * left) and shown again on their own, the footnote says so.
 */
export function PayablesTotals({ payables, language, onLink }: { payables: PayablesReport; language: Language; onLink: (link: OverviewLink) => void }) {
  const { currencies, awaitingApproval, paymentPending } = payables;
  const codes = Object.keys(currencies);
  const linesOf = (code: string): TotalLine[] => {
    const figures = ofCurrency(currencies, code) as CurrencyReceivables;
    const approval = ofCurrency(awaitingApproval, code);
    const paying = ofCurrency(paymentPending, code);
    return [
      { label: 'payables.toPay', amount: figures.owed, count: figures.counts.owed, link: { kind: 'toPay', currency: code }, testId: 'topay-amount' },
      { label: 'payables.overdue', amount: figures.overdue, count: figures.counts.overdue, link: { kind: 'payOverdue', currency: code }, testId: 'pay-overdue-amount', tone: 'overdue' },
      ...(approval ? [{ label: 'payables.approval', amount: approval.amount, count: approval.count, link: { kind: 'approval', currency: code }, testId: 'approval-amount', tone: 'apart' } as const] : []),
      ...(paying ? [{ label: 'payables.paying', amount: paying.amount, count: paying.count, link: { kind: 'paying', currency: code }, testId: 'paying-amount', tone: 'apart' } as const] : []),
    ];
  };
  const anyApart = Object.keys(awaitingApproval).length > 0 || Object.keys(paymentPending).length > 0;
  return (
    <CurrencyTotals
      title="payables.totals"
      testId="pay-totals"
      rowTestId="pay-row"
      codes={codes}
      linesOf={linesOf}
      empty={codes.length === 0 ? 'payables.nothing' : null}
      {...(anyApart ? { footnote: 'payables.includedNote' as const } : {})}
      language={language}
      onLink={onLink}
    />
  );
}
