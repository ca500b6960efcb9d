/**
 * A company's receivables at a glance, above its grid: owed and overdue per currency (drafts apart), the ageing
 * chart, the ten customers who owe the most overdue, invoiced and paid per month. Shown once the
 * company's local copy is ready (it is computed there), refreshed when a sync completes
 * (sync/queries.ts), collapsible (remembered per company). Every figure and bar calls `onLink`
 * with what it counts and the report's date; the workspace turns that into the grid's view.
 */
import { useId, useState } from 'react';
import type { ReceivablesReport } from '../../../electron/common/receivables';
import { useLanguage, useT } from '../../i18n/i18n';
import { formatDate } from '../invoices/format';
import { useGridMode } from '../sync/queries';
import { AgeingChart } from './AgeingChart';
import { OwedTotals, TopOverdue } from './Figures';
import type { OverviewLink } from './links';
import { MonthlyChart } from './MonthlyChart';
import { useCompanyReceivables } from './queries';
import { reportCurrencies } from './report-view';
import { useCollapsed } from './useCollapsed';
import './receivables.css';

export function ReceivablesOverview({ companyId, onLink }: { companyId: string; onLink: (link: OverviewLink, asOf: string) => void }) {
  const t = useT();
  const language = useLanguage();
  const headingId = useId();
  const bodyId = useId();
  const { mode } = useGridMode(companyId);
  const ready = mode === 'local';
  const overview = useCompanyReceivables(companyId, ready);
  const [collapsed, setCollapsed] = useCollapsed(companyId);
  const report = overview.data?.report ?? null;
  if (!ready || overview.data?.report === null) return null;
  return (
    <section className="overview card" aria-labelledby={headingId} data-testid="receivables-overview" data-company={companyId} data-as-of={report?.asOf ?? ''} data-collapsed={collapsed}>
      <div className="overview-header">
        <h2 id={headingId}>{t('overview.title')}</h2>
        {report && <span className="muted small">{t('overview.asOf', { date: formatDate(report.asOf, language) })}</span>}
        <span className="toolbar-spacer" />
        <button type="button" className="small" aria-expanded={!collapsed} aria-controls={bodyId} onClick={() => setCollapsed(!collapsed)} data-testid="overview-toggle">
          {collapsed ? t('overview.expand') : t('overview.collapse')}
        </button>
      </div>
      <div id={bodyId} hidden={collapsed}>
        {overview.isError ? (
          <div className="banner banner-error" role="alert">
            <span>{t('overview.error')}</span>
            <button type="button" onClick={() => void overview.refetch()}>
              {t('overview.retry')}
            </button>
          </div>
        ) : report ? (
          !collapsed && <OverviewBody report={report} onLink={(link) => onLink(link, report.asOf)} />
        ) : (
          <p className="muted" role="status">
            {t('overview.loading')}
          </p>
        )}
      </div>
    </section>
  );
}

function OverviewBody({ report, onLink }: { report: ReceivablesReport; onLink: (link: OverviewLink) => void }) {
  const t = useT();
  const language = useLanguage();
  const currencies = reportCurrencies(report);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const currencyId = useId();
  const currency = chosen !== undefined && currencies.includes(chosen) ? chosen : (currencies[0] ?? 'SEK');
  if (currencies.length === 0) return <p className="muted">{t('overview.nothing')}</p>;
  return (
    <div className="overview-body">
      <OwedTotals currencies={report.currencies} drafts={report.drafts} language={language} onLink={onLink} />
      <AgeingChart currencies={report.currencies} currency={currency} language={language} onLink={onLink} />
      <MonthlyChart months={report.months} currency={currency} asOf={report.asOf} language={language} onLink={onLink} />
      <div className="overview-notes">
        {currencies.length > 1 && (
          <div className="overview-currency">
            <label htmlFor={currencyId}>{t('overview.chartCurrency')}</label>
            <select id={currencyId} value={currency} onChange={(event) => setChosen(event.target.value)} data-testid="overview-currency">
              {currencies.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </div>
        )}
        <p className="muted small">{t('overview.definitions', { date: formatDate(report.asOf, language) })}</p>
        <p className="muted small">{t('overview.chartHint')}</p>
      </div>
      <TopOverdue customers={report.topOverdue} language={language} onLink={onLink} />
    </div>
  );
}
