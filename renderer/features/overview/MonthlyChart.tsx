/**
 * Invoiced (by invoice date, not cancelled) and paid (by FinalPayDate) per month for the last twelve
 * months in one currency: two bars a month, or the same figures as a table behind the toggle. A bar
 * opens that month's invoiced, or paid, invoices in the grid.
 */
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { useRef } from 'react';
import type { MonthFigures } from '../../../electron/common/receivables';
import type { Language } from '../../../electron/ipc/contract';
import { useT } from '../../i18n/i18n';
import { formatAmount } from '../grid/format';
import { useElementWidth } from '../grid/useElementWidth';
import { amountAndCount, formatCompact, invoiceCount, monthName, monthShort } from './chart-format';
import { BarButton, ChartPanel, useRovingBars, YTicks } from './ChartPanel';
import type { OverviewLink } from './links';
import { monthsOf } from './report-view';

const HEIGHT = 190;
const MARGIN = { top: 10, right: 8, bottom: 34, left: 52 };
const SERIES = ['invoiced', 'paid'] as const;
type Series = (typeof SERIES)[number];

export interface MonthlyProps {
  /** The report's months (every currency); the chart and the table show `currency`'s. */
  months: readonly MonthFigures[];
  currency: string;
  asOf: string;
  language: Language;
  onLink: (link: OverviewLink) => void;
}

const amountOf = (m: MonthFigures, series: Series) => (series === 'invoiced' ? m.invoiced : m.paid);
const countOf = (m: MonthFigures, series: Series) => (series === 'invoiced' ? m.invoicedCount : m.paidCount);

export function MonthlyChart(props: MonthlyProps) {
  const t = useT();
  const legend = (
    <ul className="chart-legend" aria-hidden="true">
      {SERIES.map((series) => (
        <li key={series}>
          <span className={`chart-swatch series-${series}`} />
          {t(`overview.${series}`)}
        </li>
      ))}
    </ul>
  );
  return <ChartPanel title={t('overview.months')} testId="months" legend={legend} chart={<MonthlyBars {...props} />} table={<MonthlyTable {...props} />} />;
}

function MonthlyBars({ months, currency, asOf, language, onLink }: MonthlyProps) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const width = Math.max(useElementWidth(box), 320);
  const rows = monthsOf(months, currency, asOf);
  const roving = useRovingBars(rows.length * SERIES.length);
  const values = rows.flatMap((m) => [m.invoiced, m.paid]);
  const x = scaleBand({ domain: rows.map((m) => m.month), range: [MARGIN.left, width - MARGIN.right], padding: 0.2 });
  const inner = scaleBand({ domain: [...SERIES], range: [0, x.bandwidth()], padding: 0.08 });
  const y = scaleLinear({ domain: [Math.min(0, ...values), Math.max(0, ...values) || 1], range: [HEIGHT - MARGIN.bottom, MARGIN.top], nice: true });
  const zero = y(0);
  return (
    <div ref={box} className="chart-box">
      <svg width={width} height={HEIGHT} role="group" aria-label={`${t('overview.months')}, ${currency}`} className="chart" data-testid="months-chart" data-currency={currency}>
        <YTicks ticks={y.ticks(4)} y={y} left={MARGIN.left} right={width - MARGIN.right} format={(v) => formatCompact(v, currency, language)} />
        {rows.map((m, monthIndex) => {
          const left = x(m.month) ?? 0;
          // The year under January, and under the first month unless January follows too closely to fit both.
          const yearShown = m.month.endsWith('-01') || (monthIndex === 0 && Number(m.month.slice(5, 7)) <= 10);
          return (
            <Group key={m.month}>
              {SERIES.map((series, seriesIndex) => {
                const amount = amountOf(m, series);
                const barX = left + (inner(series) ?? 0);
                return (
                  <BarButton
                    key={series}
                    bar={{ x: barX, y: Math.min(y(amount), zero), width: inner.bandwidth(), height: Math.abs(zero - y(amount)) }}
                    hit={{ x: barX, y: MARGIN.top, width: inner.bandwidth(), height: HEIGHT - MARGIN.top - MARGIN.bottom }}
                    className={`series-${series}`}
                    label={t('overview.bar', { label: `${monthName(m.month, language)}, ${t(`overview.${series}`).toLowerCase()}`, what: amountAndCount(amount, currency, countOf(m, series), language, t) })}
                    roving={roving(monthIndex * SERIES.length + seriesIndex)}
                    onActivate={() => onLink({ kind: series, month: m.month, currency })}
                    data={{ 'data-testid': 'month-bar', 'data-month': m.month, 'data-series': series, 'data-amount': amount, 'data-count': countOf(m, series) }}
                  />
                );
              })}
              <text x={left + x.bandwidth() / 2} y={HEIGHT - MARGIN.bottom + 13} textAnchor="middle" className="chart-label chart-month" aria-hidden="true">
                {monthShort(m.month, language)}
              </text>
              {yearShown && (
                <text x={left + x.bandwidth() / 2} y={HEIGHT - MARGIN.bottom + 26} textAnchor="middle" className="chart-count" aria-hidden="true">
                  {m.month.slice(0, 4)}
                </text>
              )}
            </Group>
          );
        })}
      </svg>
      {/* The currency under the chart, as under the ageing chart: not a legend item, which would read as a series. */}
      <p className="chart-caption" aria-hidden="true" data-testid="months-caption">{`${t('overview.months.axis')} · ${currency}`}</p>
    </div>
  );
}

function MonthlyTable({ months, currency, asOf, language, onLink }: MonthlyProps) {
  const t = useT();
  const rows = monthsOf(months, currency, asOf);
  // Amount and count in one button (the count on a second line): the table fits the panel.
  const cell = (m: MonthFigures, series: Series) => (
    <td className="num">
      <button type="button" className="figure figure-stack" title={t('overview.linkHint')} onClick={() => onLink({ kind: series, month: m.month, currency })} data-testid="month-cell" data-month={m.month} data-series={series} data-amount={amountOf(m, series)} data-count={countOf(m, series)}>
        <span>{formatAmount(amountOf(m, series), currency, language)}</span>
        <span className="figure-count">{invoiceCount(countOf(m, series), language, t)}</span>
      </button>
    </td>
  );
  return (
    <table className="overview-table" data-testid="months-table" data-currency={currency}>
      <caption className="visually-hidden">{`${t('overview.months')}, ${currency}`}</caption>
      <thead>
        <tr>
          <th scope="col">{t('overview.month')}</th>
          <th scope="col" className="num">{`${t('overview.invoiced')} (${currency})`}</th>
          <th scope="col" className="num">{`${t('overview.paid')} (${currency})`}</th>
        </tr>
      </thead>
      <tbody>
        {[...rows].reverse().map((m) => (
          <tr key={m.month}>
            <th scope="row">{monthName(m.month, language)}</th>
            {cell(m, 'invoiced')}
            {cell(m, 'paid')}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
