/**
 * What the overview's charts share: a panel with its heading and the "Show as table" toggle (the
 * chart's text alternative), and bars that are buttons. A chart is one tab stop: the arrow keys
 * move between its bars (a roving tabindex), Enter or Space opens the bar's invoices. Each bar has
 * its figures as its accessible name and as a native tooltip (<title>).
 */
import { Bar } from '@visx/shape';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useT } from '../../i18n/i18n';

export function ChartPanel({ title, testId, chart, table, legend, note, className }: { title: string; testId: string; chart: ReactNode; table: ReactNode; legend?: ReactNode; note?: ReactNode; className?: string }) {
  const t = useT();
  const headingId = useId();
  const [showTable, setShowTable] = useState(false);
  return (
    <section className={`overview-panel${className ? ` ${className}` : ''}`} aria-labelledby={headingId} data-testid={testId} data-view={showTable ? 'table' : 'chart'}>
      <div className="overview-panel-header">
        <h4 id={headingId}>{title}</h4>
        <button type="button" className="link-button small" onClick={() => setShowTable((shown) => !shown)} data-testid={`${testId}-toggle`}>
          {showTable ? t('overview.showChart') : t('overview.showTable')}
        </button>
      </div>
      {/* Said in both views (what the chart lacks and why). */}
      {note}
      {showTable ? table : (
        <>
          {legend}
          {chart}
        </>
      )}
    </section>
  );
}

/** One tab stop for a chart's bars: arrows move, Home and End jump; focus follows. */
export function useRovingBars(count: number) {
  const [current, setCurrent] = useState(0);
  const bars = useRef<Array<SVGGElement | null>>([]);
  const active = Math.min(current, Math.max(0, count - 1));
  const move = (to: number) => {
    const next = Math.max(0, Math.min(count - 1, to));
    setCurrent(next);
    bars.current[next]?.focus();
  };
  return (index: number) => ({
    tabIndex: index === active ? 0 : -1,
    ref: (element: SVGGElement | null) => {
      bars.current[index] = element;
    },
    onFocus: () => setCurrent(index),
    onArrow: (event: KeyboardEvent) => {
      const to = { ArrowRight: index + 1, ArrowDown: index + 1, ArrowLeft: index - 1, ArrowUp: index - 1, Home: 0, End: count - 1 }[event.key];
      if (to === undefined) return;
      event.preventDefault();
      move(to);
    },
  });
}

export type RovingProps = ReturnType<ReturnType<typeof useRovingBars>>;

/**
 * A bar that is a button: the whole column of its band (`hit`) takes the click, so a short bar is
 * as easy to hit as a tall one. Its visible labels are drawn apart (aria-hidden, clicks passing
 * through): the accessible name says the figures in full.
 */
export function BarButton({
  bar,
  hit,
  className,
  label,
  roving,
  onActivate,
  data,
}: {
  bar: { x: number; y: number; width: number; height: number };
  hit: { x: number; y: number; width: number; height: number };
  className: string;
  label: string;
  roving: RovingProps;
  onActivate: () => void;
  data: Record<`data-${string}`, string | number>;
}) {
  const { onArrow, ...focus } = roving;
  return (
    <g
      role="button"
      aria-label={label}
      className={`chart-bar ${className}`}
      {...focus}
      {...data}
      onClick={onActivate}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onActivate();
        } else onArrow(event);
      }}
    >
      <title>{label}</title>
      <rect className="chart-hit" {...hit} />
      <Bar className="chart-bar-shape" {...bar} height={Math.max(bar.height, 1)} rx={2} />
    </g>
  );
}

/** The y axis's ticks as light lines with their labels at the left edge. */
export function YTicks({ ticks, y, left, right, format }: { ticks: number[]; y: (value: number) => number; left: number; right: number; format: (value: number) => string }) {
  return (
    <g className="chart-ticks" aria-hidden="true">
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={left} x2={right} y1={y(tick)} y2={y(tick)} className={tick === 0 ? 'chart-zero' : 'chart-grid'} />
          <text x={left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
            {format(tick)}
          </text>
        </g>
      ))}
    </g>
  );
}
