/**
 * The 12-week cash outlook of one currency (common/cash-outlook.ts, never converted): per week the
 * money in (owed invoices by due date), the money expected in (by the customer's habit) beside it,
 * and the money out (supplier invoices to pay by due date) drawn below the zero line, with the
 * week's net (in − out) as a line; what is already overdue on either side is its own group before
 * the first week. Or, behind the toggle, the same figures as a table. Every bar and figure opens
 * exactly its invoices in the customer or the supplier grid. Without the supplier side (its copy
 * not ready, or no access) only in and expected are shown, and the panel says why.
 */
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { useRef } from 'react';
import type { CashOutlook } from '../../../electron/common/cash-outlook';
import { addDays } from '../../../electron/common/receivables';
import type { Language } from '../../../electron/ipc/contract';
import { useT } from '../../i18n/i18n';
import { formatAmount, formatDate } from '../grid/format';
import { useElementWidth } from '../grid/useElementWidth';
import { amountAndCount, formatCompact, invoiceCount, isoWeek, weekLabel, type T } from './chart-format';
import { BarButton, ChartPanel, useRovingBars, YTicks } from './ChartPanel';
import { linkHint } from './Figures';
import type { OverviewLink } from './links';
import { outlookGroups, outlookHasAny, outlookLink, outlookSeries, type OutlookGroup, type OutlookSeries } from './outlook-view';

const HEIGHT = 250;
// Room above and below the plot for the figures of bars cut at its edge (see `carried`).
const MARGIN = { top: 22, right: 8, bottom: 42, left: 56 };

export interface OutlookProps {
  outlook: CashOutlook;
  currency: string;
  language: Language;
  onLink: (link: OverviewLink) => void;
}

/** A group's name in full: "Förfallet", or "vecka 48, 2026-11-23–2026-11-29". */
function groupName(key: string, language: Language, t: T): string {
  return key === 'overdue' ? t('outlook.overdue') : t('outlook.weekLong', { week: isoWeek(key), from: formatDate(key, language), to: formatDate(addDays(key, 6), language) });
}

export function CashOutlookChart(props: OutlookProps) {
  const t = useT();
  const series = props.outlook.payablesKnown ? outlookSeries : outlookSeries.filter((s) => s !== 'out');
  const legend = (
    <ul className="chart-legend" aria-hidden="true">
      {series.map((s) => (
        <li key={s}>
          <span className={`chart-swatch series-${s}`} />
          {t(`outlook.${s}`)}
        </li>
      ))}
      {props.outlook.payablesKnown && (
        <li>
          <span className="chart-swatch-line" />
          {t('outlook.net')}
        </li>
      )}
    </ul>
  );
  const note = props.outlook.payablesKnown ? undefined : (
    <p className="muted small" data-testid="outlook-out-unknown">
      {t('outlook.outUnknown')}
    </p>
  );
  return <ChartPanel title={t('outlook.title')} testId="outlook" className="overview-outlook" legend={legend} note={note} chart={<OutlookBars {...props} />} table={<OutlookTable {...props} />} />;
}

function OutlookBars({ outlook, currency, language, onLink }: OutlookProps) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const width = Math.max(useElementWidth(box), 480);
  const groups = outlookGroups(outlook, currency);
  const bars = groups.flatMap((g) => outlookSeries.filter((s) => g.bars[s] !== null).map((s) => ({ group: g, series: s })));
  const roving = useRovingBars(bars.length);
  return (
    <div ref={box} className="chart-box">
      {outlookHasAny(groups) ? <OutlookSvg groups={groups} bars={bars} currency={currency} language={language} onLink={onLink} width={width} roving={roving} /> : <p className="muted">{t('outlook.nothing')}</p>}
      <p className="chart-caption" aria-hidden="true">{`${t('outlook.axis')} · ${currency}`}</p>
    </div>
  );
}

/** Money out is drawn below the zero line: what a bar of the series stands at. */
const drawn = (series: OutlookSeries, amount: number) => (series === 'out' ? -amount : amount);

/**
 * What came before today: the overdue group, and the first week's expected in (which takes every
 * expected date already past). In a company with years of unpaid invoices these dwarf the weeks,
 * which are what the chart is for: the scale follows the weeks, and a carried bar more than half
 * as tall again is cut at the edge with its figure beside the cut (its name says it in full).
 */
const carried = (group: OutlookGroup, series: OutlookSeries, firstWeek: string | undefined) => group.key === 'overdue' || (series === 'expected' && group.key === firstWeek);

function OutlookSvg({
  groups,
  bars,
  currency,
  language,
  onLink,
  width,
  roving,
}: {
  groups: OutlookGroup[];
  bars: Array<{ group: OutlookGroup; series: OutlookSeries }>;
  currency: string;
  language: Language;
  onLink: (link: OverviewLink) => void;
  width: number;
  roving: ReturnType<typeof useRovingBars>;
}) {
  const t = useT();
  const firstWeek = groups[1]?.key;
  const valueOf = ({ group, series }: { group: OutlookGroup; series: OutlookSeries }) => drawn(series, group.bars[series]?.amount ?? 0);
  const ordinary = [...bars.filter((b) => !carried(b.group, b.series, firstWeek)).map(valueOf), ...groups.flatMap((g) => (g.net === null ? [] : [g.net]))];
  const extent = Math.max(0, ...ordinary.map(Math.abs));
  const fits = (value: number) => extent === 0 || Math.abs(value) <= 1.5 * extent;
  const values = [...ordinary, ...bars.filter((b) => carried(b.group, b.series, firstWeek)).map(valueOf).filter(fits)];
  const x = scaleBand({ domain: groups.map((g) => g.key), range: [MARGIN.left, width - MARGIN.right], padding: 0.2 });
  // Three slots a group, the bars a group has centred in them (the overdue group has no expected bar).
  const slot = x.bandwidth() / outlookSeries.length;
  const plotBottom = HEIGHT - MARGIN.bottom;
  const y = scaleLinear({ domain: [Math.min(0, ...values), Math.max(0, ...values) || 1], range: [plotBottom, MARGIN.top], nice: true });
  const [low, high] = y.domain() as [number, number];
  const zero = y(0);
  const barX = (group: OutlookGroup, series: OutlookSeries) => {
    const present = outlookSeries.filter((s) => group.bars[s] !== null);
    return (x(group.key) ?? 0) + (x.bandwidth() - present.length * slot) / 2 + present.indexOf(series) * slot;
  };
  const middle = (key: string) => (x(key) ?? 0) + x.bandwidth() / 2;
  const netPoints = groups.filter((g) => g.net !== null).map((g) => [middle(g.key), y(g.net as number)] as const);
  const cut = bars.filter((b) => valueOf(b) > high || valueOf(b) < low);
  return (
    <svg width={width} height={HEIGHT} role="group" aria-label={`${t('outlook.title')}, ${currency}`} className="chart" data-testid="outlook-chart" data-currency={currency}>
      <YTicks ticks={y.ticks(5)} y={y} left={MARGIN.left} right={width - MARGIN.right} format={(v) => formatCompact(v, currency, language)} />
      {firstWeek && (
        // The overdue group apart from the weeks: never spread into them.
        <line className="chart-divider" aria-hidden="true" x1={(x(firstWeek) ?? 0) - (x.step() - x.bandwidth()) / 2} x2={(x(firstWeek) ?? 0) - (x.step() - x.bandwidth()) / 2} y1={MARGIN.top} y2={plotBottom + 16} />
      )}
      <Group>
        {bars.map(({ group, series }, index) => {
          const figure = group.bars[series] as { amount: number; count: number };
          const value = Math.max(low, Math.min(high, drawn(series, figure.amount)));
          const left = barX(group, series);
          return (
            <BarButton
              key={`${group.key} ${series}`}
              bar={{ x: left + 1, y: Math.min(y(value), zero), width: Math.max(slot - 2, 1), height: Math.abs(zero - y(value)) }}
              hit={{ x: left, y: MARGIN.top, width: slot, height: HEIGHT - MARGIN.top - MARGIN.bottom }}
              className={`series-${series}`}
              label={t('overview.bar', { label: `${groupName(group.key, language, t)}, ${t(`outlook.${series}`).toLowerCase()}`, what: amountAndCount(figure.amount, currency, figure.count, language, t) })}
              roving={roving(index)}
              onActivate={() => onLink(outlookLink(group.key, series, currency))}
              data={{ 'data-testid': 'outlook-bar', 'data-group': group.key, 'data-series': series, 'data-amount': figure.amount, 'data-count': figure.count }}
            />
          );
        })}
      </Group>
      {netPoints.length > 0 && (
        <g className="chart-net" aria-hidden="true" data-testid="outlook-net">
          <polyline points={netPoints.map(([px, py]) => `${px},${py}`).join(' ')} />
          {netPoints.map(([px, py]) => (
            <circle key={px} cx={px} cy={py} r={2.5} />
          ))}
        </g>
      )}
      <g className="chart-labels" aria-hidden="true">
        {cut.map(({ group, series }) => {
          const left = barX(group, series);
          const up = valueOf({ group, series }) > 0;
          const edge = up ? MARGIN.top : plotBottom;
          const at = up ? edge + 8 : edge - 8;
          return (
            <g key={`${group.key} ${series}`} data-testid="outlook-cut">
              {/* The cut: two strokes across the bar in the panel's colour. */}
              <path className="chart-break" d={`M${left} ${at - 2} L${left + slot} ${at - 5} M${left} ${at + 3} L${left + slot} ${at}`} />
              <text x={left + slot / 2} y={up ? edge - 4 : edge + 12} textAnchor="middle" className="chart-value">
                {formatCompact(group.bars[series]?.amount ?? 0, currency, language)}
              </text>
            </g>
          );
        })}
        {groups.map((g) => (
          <text key={g.key} x={middle(g.key)} y={plotBottom + 27} textAnchor="middle" className="chart-label chart-month">
            {g.key === 'overdue' ? t('outlook.overdue') : weekLabel(g.key, t)}
          </text>
        ))}
      </g>
    </svg>
  );
}

/** The chart's currency as a table: a row per group, each figure a link; the net per week. */
function OutlookTable({ outlook, currency, language, onLink }: OutlookProps) {
  const t = useT();
  const groups = outlookGroups(outlook, currency);
  const shown = outlook.payablesKnown ? outlookSeries : outlookSeries.filter((s) => s !== 'out');
  const cell = (group: OutlookGroup, series: OutlookSeries) => {
    const figure = group.bars[series];
    if (figure === null) return <td key={series} className="num muted">–</td>;
    const link = outlookLink(group.key, series, currency);
    return (
      <td key={series} className="num">
        <button type="button" className="figure figure-stack" title={t(linkHint(link))} onClick={() => onLink(link)} data-testid="outlook-cell" data-group={group.key} data-series={series} data-amount={figure.amount} data-count={figure.count}>
          <span>{formatAmount(figure.amount, currency, language)}</span>
          <span className="visually-hidden">, </span>
          <span className="figure-count">{invoiceCount(figure.count, language, t)}</span>
        </button>
      </td>
    );
  };
  return (
    <table className="overview-table" data-testid="outlook-table" data-currency={currency}>
      <caption className="visually-hidden">{`${t('outlook.title')}, ${currency}`}</caption>
      <thead>
        <tr>
          <th scope="col">{t('outlook.week')}</th>
          {shown.map((s) => (
            <th key={s} scope="col" className="num">{`${t(`outlook.${s}`)} (${currency})`}</th>
          ))}
          {outlook.payablesKnown && <th scope="col" className="num">{`${t('outlook.net')} (${currency})`}</th>}
        </tr>
      </thead>
      <tbody>
        {groups.map((g) => (
          <tr key={g.key} data-testid="outlook-row" data-group={g.key}>
            <th scope="row">
              {g.key === 'overdue' ? t('outlook.overdue') : (
                <>
                  {weekLabel(g.key, t)} <span className="muted">{`${formatDate(g.key, language)}–${formatDate(addDays(g.key, 6), language)}`}</span>
                </>
              )}
            </th>
            {shown.map((s) => cell(g, s))}
            {outlook.payablesKnown && (
              <td className="num" data-testid="outlook-net-cell" data-amount={g.net ?? ''}>
                {g.net === null ? <span className="muted">–</span> : formatAmount(g.net, currency, language)}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
