/**
 * The overview's two lists of figures: owed and overdue per currency (and drafts apart), and the
 * ten customers who owe the most overdue (amount, count, oldest due date). Every figure is a button that opens exactly
 * its invoices in the grid.
 */
import { useId, type ReactNode } from 'react';
import type { CurrencyDrafts, CurrencyReceivables, OverdueCustomer } from '../../../electron/common/receivables';
import type { Language } from '../../../electron/ipc/contract';
import { useT } from '../../i18n/i18n';
import { formatAmount, formatCount, formatDate } from '../invoices/format';
import { invoiceCount } from './chart-format';
import type { OverviewLink } from './links';

/** A figure that is a link: the number, and what it opens as its tooltip. */
export function FigureButton({ onClick, children, data }: { onClick: () => void; children: ReactNode; data: Record<`data-${string}`, string | number> }) {
  const t = useT();
  return (
    <button type="button" className="figure" title={t('overview.linkHint')} onClick={onClick} {...data}>
      {children}
    </button>
  );
}

/** Owed and overdue per currency (SEK first), each amount with its count, each a link; drafts apart under them. */
export function OwedTotals({
  currencies,
  drafts,
  language,
  onLink,
}: {
  currencies: Record<string, CurrencyReceivables>;
  drafts: Record<string, CurrencyDrafts>;
  language: Language;
  onLink: (link: OverviewLink) => void;
}) {
  const t = useT();
  const headingId = useId();
  const codes = [...new Set([...Object.keys(currencies), ...Object.keys(drafts)])].sort((a, b) => (a === 'SEK' ? -1 : b === 'SEK' ? 1 : a.localeCompare(b)));
  return (
    <section className="overview-panel overview-totals" aria-labelledby={headingId} data-testid="owed-totals">
      <div className="overview-panel-header">
        <h3 id={headingId}>{t('overview.totals')}</h3>
      </div>
      {Object.keys(currencies).length === 0 && <p className="muted">{t('overview.nothingOwed')}</p>}
      {codes.map((code) => {
        const figures = currencies[code];
        const draft = drafts[code];
        return (
          <dl key={code} className="owed-currency" data-testid="owed-row" data-currency={code}>
            {figures && (
              <>
                <div>
                  <dt>{`${t('overview.owed')}, ${code}`}</dt>
                  <dd>
                    <FigureButton onClick={() => onLink({ kind: 'owed', currency: code })} data={{ 'data-testid': 'owed-amount', 'data-amount': figures.owed, 'data-count': figures.counts.owed }}>
                      <span className="figure-amount">{formatAmount(figures.owed, code, language)}</span>
                      {/* Shown as two lines; read as "… kr, 3 873 fakturor", not "… kr3 873 fakturor". */}
                      <span className="visually-hidden">, </span>
                      <span className="figure-count">{invoiceCount(figures.counts.owed, language, t)}</span>
                    </FigureButton>
                  </dd>
                </div>
                <div>
                  <dt>{`${t('overview.overdue')}, ${code}`}</dt>
                  <dd>
                    <FigureButton onClick={() => onLink({ kind: 'overdue', currency: code })} data={{ 'data-testid': 'overdue-amount', 'data-amount': figures.overdue, 'data-count': figures.counts.overdue }}>
                      <span className="figure-amount overdue">{formatAmount(figures.overdue, code, language)}</span>
                      <span className="visually-hidden">, </span>
                      <span className="figure-count">{invoiceCount(figures.counts.overdue, language, t)}</span>
                    </FigureButton>
                  </dd>
                </div>
              </>
            )}
            {/* Not booked: apart from owed (common/owed.ts), by their Total. */}
            {draft && (
              <div className="owed-drafts">
                <dt>{`${t('overview.drafts')}, ${code}`}</dt>
                <dd>
                  <FigureButton onClick={() => onLink({ kind: 'drafts', currency: code })} data={{ 'data-testid': 'drafts-amount', 'data-amount': draft.amount, 'data-count': draft.count }}>
                    <span className="figure-amount draft">{formatAmount(draft.amount, code, language)}</span>
                    <span className="visually-hidden">, </span>
                    <span className="figure-count">{invoiceCount(draft.count, language, t)}</span>
                  </FigureButton>
                </dd>
              </div>
            )}
          </dl>
        );
      })}
    </section>
  );
}

export function TopOverdue({ customers, language, onLink }: { customers: readonly OverdueCustomer[]; language: Language; onLink: (link: OverviewLink) => void }) {
  const t = useT();
  const headingId = useId();
  return (
    <section className="overview-panel overview-top" aria-labelledby={headingId} data-testid="top-overdue">
      <div className="overview-panel-header">
        <h3 id={headingId}>{t('overview.top')}</h3>
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
            </tr>
          </thead>
          <tbody>
            {customers.map((customer) => {
              const link = () => onLink({ kind: 'customer', customer: customer.customerNumber, currency: customer.currency });
              return (
                <tr key={`${customer.customerNumber} ${customer.currency}`} data-testid="top-customer" data-customer={customer.customerNumber} data-currency={customer.currency}>
                  <th scope="row" className="customer-cell">
                    <FigureButton onClick={link} data={{ 'data-testid': 'top-customer-name' }}>
                      {customer.customerName || customer.customerNumber}
                    </FigureButton>
                  </th>
                  <td className="num">
                    <FigureButton onClick={link} data={{ 'data-testid': 'top-customer-amount', 'data-amount': customer.amount }}>
                      {formatAmount(customer.amount, customer.currency, language)}
                    </FigureButton>
                  </td>
                  <td className="num">
                    <FigureButton onClick={link} data={{ 'data-testid': 'top-customer-count', 'data-count': customer.count }}>
                      {formatCount(customer.count, language)}
                    </FigureButton>
                  </td>
                  <td className="num">{formatDate(customer.oldestDueDate, language)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
