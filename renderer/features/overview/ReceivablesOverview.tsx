/**
 * A company's money in and out at a glance, its workspace's first tab: the receivables (owed and overdue
 * per currency, drafts apart, the ageing chart, invoiced and paid per month, the ten customers who
 * owe the most overdue and how late they usually pay), the payables (to pay and overdue, awaiting
 * approval and payment under way, the same ageing chart, the ten suppliers to pay soonest) and the
 * 12-week cash outlook. Shown once the company's customer copy is ready (it is computed there; the
 * payables once the supplier copy is too; until then the tab says so), refreshed when a sync
 * completes (sync/queries.ts). How to use it (every figure is a link) is said once, at its top; how
 * the figures are counted is folded at its bottom. Every figure and bar calls `onLink` with what it
 * counts and the report's date; the workspace turns that into the customer or the supplier grid's view.
 */
import { useId, useState } from 'react';
import type { DaysOutstanding as Days } from '../../../electron/common/days-outstanding';
import type { ReceivablesReport } from '../../../electron/common/receivables';
import { DaysOutstanding } from './DaysOutstanding';
import { useSettings } from '../../api';
import { useLanguage, useT } from '../../i18n/i18n';
import { formatDate } from '../grid/format';
import { useGridMode } from '../sync/queries';
import { AgeingChart, payablesAgeing, receivablesAgeing } from './AgeingChart';
import { CashOutlookChart } from './CashOutlookChart';
import { OwedTotals, PayablesTotals, SoonestSuppliers, TopOverdue } from './Figures';
import type { OverviewLink } from './links';
import { MonthlyChart } from './MonthlyChart';
import { useCompanyReceivables } from './queries';
import { reportCurrencies } from './report-view';
import './receivables.css';

export function ReceivablesOverview({ companyId, onLink }: { companyId: string; onLink: (link: OverviewLink, asOf: string) => void }) {
  const t = useT();
  const language = useLanguage();
  const headingId = useId();
  const settings = useSettings();
  const { mode } = useGridMode(companyId, 'invoices');
  const ready = mode === 'local';
  const overview = useCompanyReceivables(companyId, ready);
  const report = overview.data?.report ?? null;
  const currencies = report ? reportCurrencies(report) : [];
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const currencyId = useId();
  const currency = chosen !== undefined && currencies.includes(chosen) ? chosen : (currencies[0] ?? 'SEK');
  if (!ready || overview.data?.report === null) {
    return (
      <p className="muted overview-waiting" role="status" data-testid="overview-waiting">
        {t(settings.data?.localCopy === false ? 'overview.off' : 'overview.waiting')}
      </p>
    );
  }
  return (
    <section className="overview" aria-labelledby={headingId} data-testid="receivables-overview" data-company={companyId} data-as-of={report?.asOf ?? ''} data-payables={report ? String(report.payables !== null) : ''}>
      <div className="overview-header">
        <h2 id={headingId}>{t('overview.title')}</h2>
        {report && <span className="muted small">{t('overview.asOf', { date: formatDate(report.asOf, language) })}</span>}
        <span className="toolbar-spacer" />
        {/* One currency for every chart (each chart is of one currency: never converted). */}
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
      </div>
      <p className="muted small overview-hint">{t('overview.chartHint')}</p>
      <div>
        {overview.isError ? (
          <div className="banner banner-error" role="alert">
            <span>{t('overview.error')}</span>
            <button type="button" onClick={() => void overview.refetch()}>
              {t('overview.retry')}
            </button>
          </div>
        ) : report ? (
          <OverviewBody report={report} days={overview.data?.days ?? { dso: null, dpo: null }} currency={currency} onLink={(link) => onLink(link, report.asOf)} />
        ) : (
          <p className="muted" role="status">
            {t('overview.loading')}
          </p>
        )}
      </div>
    </section>
  );
}

function OverviewBody({ report, days, currency, onLink }: { report: ReceivablesReport; days: Days; currency: string; onLink: (link: OverviewLink) => void }) {
  const t = useT();
  const language = useLanguage();
  const receivablesId = useId();
  const payablesId = useId();
  if (reportCurrencies(report).length === 0) return <p className="muted">{t('overview.nothing')}</p>;
  const date = formatDate(report.asOf, language);
  return (
    <div className="overview-groups">
      <section className="overview-group" aria-labelledby={receivablesId} data-testid="receivables-group">
        <h3 id={receivablesId}>{t('overview.section.receivables')}</h3>
        <div className="overview-body">
          <OwedTotals currencies={report.currencies} drafts={report.drafts} language={language} onLink={onLink} />
          <AgeingChart side={receivablesAgeing} currencies={report.currencies} currency={currency} language={language} onLink={onLink} />
          <MonthlyChart months={report.months} currency={currency} asOf={report.asOf} language={language} onLink={onLink} />
          <TopOverdue customers={report.topOverdue} language={language} onLink={onLink} />
          <DaysOutstanding side="dso" months={days.dso} language={language} onOpen={(day) => onLink({ kind: 'openAt', day, currency: '' })} />
        </div>
      </section>
      <section className="overview-group" aria-labelledby={payablesId} data-testid="payables-group">
        <h3 id={payablesId}>{t('overview.section.payables')}</h3>
        {report.payables === null ? (
          // Not an error: the supplier copy is on its way, or its scope was never approved (the supplier tab says which).
          <p className="muted small" data-testid="payables-unknown">
            {t('payables.unknown')}
          </p>
        ) : (
          <div className="overview-body payables-body">
            <PayablesTotals payables={report.payables} language={language} onLink={onLink} />
            <AgeingChart side={payablesAgeing} currencies={report.payables.currencies} currency={currency} language={language} onLink={onLink} />
            <SoonestSuppliers suppliers={report.payables.soonest} language={language} onLink={onLink} />
            <DaysOutstanding side="dpo" months={days.dpo} language={language} onOpen={(day) => onLink({ kind: 'toPayAt', day, currency: '' })} />
          </div>
        )}
      </section>
      <CashOutlookChart outlook={report.cashOutlook} currency={currency} language={language} onLink={onLink} />
      <details className="overview-definitions" data-testid="overview-definitions">
        <summary>{t('overview.definitionsTitle')}</summary>
        <p>{t('overview.definitions', { date })}</p>
        <p>{t('overview.definitions.payables', { date })}</p>
        <p>{t('overview.definitions.expected')}</p>
        <p>{t('overview.definitions.outlook')}</p>
        <p>{t('days.definition')}</p>
      </details>
    </div>
  );
}
