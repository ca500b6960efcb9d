/**
 * The ageing of what is owed (or to pay) in one currency: not yet due, 1–30, 31–60, 61–90 and over
 * 90 days past the due date, as five bars (amount above, count below each) or, behind the toggle,
 * as a table. Every bar and every figure opens exactly its invoices in the grid. The same chart for
 * both sides: an AgeingSide says its title, test ids, empty text and links.
 */
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { useRef } from 'react';
import { ageingBuckets, type CurrencyReceivables } from '../../../electron/common/receivables';
import type { AgeingBucket } from '../../../electron/common/receivables';
import type { Language } from '../../../electron/ipc/contract';
import { useT } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/messages';
import { formatAmount, formatCount } from '../grid/format';
import { useElementWidth } from '../grid/useElementWidth';
import { amountAndCount, formatCompact, formatInUnit, magnitudeOf } from './chart-format';
import { BarButton, ChartPanel, useRovingBars, YTicks } from './ChartPanel';
import { linkHint } from './Figures';
import type { OverviewLink } from './links';
import { ofCurrency } from '../../../electron/common/currency-table';

const HEIGHT = 190;
const MARGIN = { top: 18, right: 8, bottom: 38, left: 52 };

/** Which side's ageing a chart shows: its words, the prefix of its test ids, and its bars' links. */
export interface AgeingSide {
  title: MessageKey;
  empty: MessageKey;
  /** "ageing": the panel "ageing", its bars "ageing-bar", its table "ageing-table", … */
  testId: string;
  link: (bucket: AgeingBucket, currency: string) => OverviewLink;
}

export const receivablesAgeing: AgeingSide = { title: 'overview.ageing', empty: 'overview.nothingOwed', testId: 'ageing', link: (bucket, currency) => ({ kind: 'bucket', bucket, currency }) };
export const payablesAgeing: AgeingSide = { title: 'payables.ageing', empty: 'payables.nothing', testId: 'pay-ageing', link: (bucket, currency) => ({ kind: 'payBucket', bucket, currency }) };

export interface AgeingProps {
  side: AgeingSide;
  currencies: Record<string, CurrencyReceivables>;
  /** The currency the chart shows (the table shows them all). */
  currency: string;
  language: Language;
  onLink: (link: OverviewLink) => void;
}

export function AgeingChart(props: AgeingProps) {
  const t = useT();
  return <ChartPanel title={t(props.side.title)} testId={props.side.testId} chart={<AgeingBars {...props} />} table={<AgeingTable {...props} />} />;
}

function AgeingBars({ side, currencies, currency, language, onLink }: AgeingProps) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const width = Math.max(useElementWidth(box), 240);
  const roving = useRovingBars(ageingBuckets.length);
  const figures = ofCurrency(currencies, currency);
  // The box is always there: its width is measured from the first render on.
  return (
    <div ref={box} className="chart-box">
      {figures ? <AgeingSvg side={side} figures={figures} currency={currency} language={language} onLink={onLink} width={width} roving={roving} /> : <p className="muted">{t(side.empty)}</p>}
      {figures && <p className="chart-caption" aria-hidden="true">{`${t('overview.ageing.axis')} · ${currency}`}</p>}
    </div>
  );
}

function AgeingSvg({ side, figures, currency, language, onLink, width, roving }: { side: AgeingSide; figures: CurrencyReceivables; currency: string; language: Language; onLink: (link: OverviewLink) => void; width: number; roving: ReturnType<typeof useRovingBars> }) {
  const t = useT();
  const values = ageingBuckets.map((bucket) => figures.buckets[bucket]);
  const x = scaleBand({ domain: [...ageingBuckets], range: [MARGIN.left, width - MARGIN.right], padding: 0.25 });
  const y = scaleLinear({ domain: [Math.min(0, ...values), Math.max(0, ...values) || 1], range: [HEIGHT - MARGIN.bottom, MARGIN.top], nice: true });
  const zero = y(0);
  const ticks = y.ticks(4);
  // The bars' labels in the unit of the axis's largest tick ("64,6" beside "60 mkr").
  const unit = magnitudeOf(Math.max(...ticks.map(Math.abs)));
  // The counts under the bars: "156 st" / "156 inv." where each fits its bar's slot (step), else
  // the bare number, so neighbours never run together ("156 inv.2,222 inv."); the bar's name says it in full.
  const counts = ageingBuckets.map((bucket) => formatCount(figures.counts[bucket], language));
  const withUnit = counts.map((count) => t('overview.countShort', { count }));
  const countLabels = withUnit.every((label) => labelWidth(label) <= x.step() - 4) ? withUnit : counts;
  return (
    <svg width={width} height={HEIGHT} role="group" aria-label={`${t(side.title)}, ${currency}`} className="chart" data-testid={`${side.testId}-chart`} data-currency={currency}>
      <YTicks ticks={ticks} y={y} left={MARGIN.left} right={width - MARGIN.right} format={(v) => formatCompact(v, currency, language)} />
      <Group>
        {ageingBuckets.map((bucket, index) => {
          const amount = figures.buckets[bucket];
          const count = figures.counts[bucket];
          const left = x(bucket) ?? 0;
          return (
            <BarButton
              key={bucket}
              bar={{ x: left, y: Math.min(y(amount), zero), width: x.bandwidth(), height: Math.abs(zero - y(amount)) }}
              hit={{ x: left - 4, y: MARGIN.top, width: x.bandwidth() + 8, height: HEIGHT - MARGIN.top }}
              className={`bucket-${bucket}`}
              label={t('overview.bar', { label: t(`overview.bucketLong.${bucket}`), what: amountAndCount(amount, currency, count, language, t) })}
              roving={roving(index)}
              onActivate={() => onLink(side.link(bucket, currency))}
              data={{ 'data-testid': `${side.testId}-bar`, 'data-bucket': bucket, 'data-amount': amount, 'data-count': count }}
            />
          );
        })}
      </Group>
      {/* The labels say in short what each bar's name says in full: outside the buttons (a name must
          contain what a button shows), and let clicks through to the bar's column beneath. */}
      <g className="chart-labels" aria-hidden="true">
        {ageingBuckets.map((bucket, index) => {
          const amount = figures.buckets[bucket];
          const middle = (x(bucket) ?? 0) + x.bandwidth() / 2;
          return (
            <g key={bucket}>
              <text x={middle} y={Math.min(y(amount), zero) - 4} textAnchor="middle" className="chart-value">
                {formatInUnit(amount, unit, language)}
              </text>
              <text x={middle} y={HEIGHT - MARGIN.bottom + 14} textAnchor="middle" className="chart-label">
                {t(`overview.bucketShort.${bucket}`)}
              </text>
              <text x={middle} y={HEIGHT - MARGIN.bottom + 28} textAnchor="middle" className="chart-count">
                {countLabels[index]}
              </text>
            </g>
          );
        })}
      </g>
    </svg>
  );
}

/** A chart label's width at the charts' 11 px type (receivables.css), on the safe side: digits and letters ~6.6 px, spaces and dots less. */
export function labelWidth(text: string): number {
  let width = 0;
  for (const char of text) width += /[\s.,]/.test(char) ? 3.5 : 6.6;
  return width;
}

/** The chart's currency as a table: each bucket's amount and count, each figure a link. */
function AgeingTable({ side, currencies, currency, language, onLink }: AgeingProps) {
  const t = useT();
  const figures = ofCurrency(currencies, currency);
  if (!figures) return <p className="muted">{t(side.empty)}</p>;
  const id = side.testId;
  return (
    <table className="overview-table" data-testid={`${id}-table`} data-currency={currency}>
      <caption className="visually-hidden">{`${t(side.title)}, ${currency}`}</caption>
      <thead>
        <tr>
          <th scope="col">{t('overview.ageing.axis')}</th>
          <th scope="col" className="num">{`${t('overview.amount')} (${currency})`}</th>
          <th scope="col" className="num">{t('overview.count')}</th>
        </tr>
      </thead>
      <tbody>
        {ageingBuckets.map((bucket) => {
          const link = () => onLink(side.link(bucket, currency));
          const hint = t(linkHint(side.link(bucket, currency)));
          return (
            <tr key={bucket}>
              <th scope="row">{t(`overview.bucket.${bucket}`)}</th>
              <td className="num">
                <button type="button" className="figure" title={hint} onClick={link} data-testid={`${id}-cell`} data-bucket={bucket} data-amount={figures.buckets[bucket]}>
                  {formatAmount(figures.buckets[bucket], currency, language)}
                </button>
              </td>
              <td className="num">
                <button type="button" className="figure" title={hint} onClick={link} data-testid={`${id}-count`} data-bucket={bucket} data-count={figures.counts[bucket]}>
                  {formatCount(figures.counts[bucket], language)}
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
