/**
 * DSO or DPO on the overview: today's figure, large, and the trend of the last 12 month
 * ends as a line (each month a point with its figure in its title and in the screen reader's list).
 * Computed by the main process on the local copy (common/days-outstanding.ts); null while the
 * payments it needs are not read (or their scope is missing): then one muted line says so.
 */
import { useId } from 'react';
import type { MonthDays } from '../../../electron/common/days-outstanding';
import type { Language } from '../../../electron/ipc/contract';
import { useT } from '../../i18n/i18n';
import { localeOf } from '../grid/format';

const WIDTH = 220;
const HEIGHT = 48;
const PAD = 4;

export const formatDays = (days: number, language: Language): string => new Intl.NumberFormat(localeOf[language], { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(days);

const monthLabel = (month: string, language: Language): string =>
  new Intl.DateTimeFormat(localeOf[language], { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1)));

/** `onOpen(day)`: a month's figure opens its grid narrowed to what made up the balance that day. */
export function DaysOutstanding({ side, months, language, onOpen }: { side: 'dso' | 'dpo'; months: MonthDays[] | null; language: Language; onOpen: (day: string) => void }) {
  const t = useT();
  const titleId = useId();
  if (!months || months.length === 0) {
    return (
      <div className="days-outstanding" data-testid={`days-${side}`} data-state="unknown">
        <h4 id={titleId}>{t(`days.${side}.title`)}</h4>
        <p className="muted small">{t(`days.unknown.${side}`)}</p>
      </div>
    );
  }
  const today = months.at(-1) as MonthDays;
  const top = Math.max(1, ...months.map((m) => m.days));
  const x = (i: number) => PAD + (i * (WIDTH - 2 * PAD)) / Math.max(1, months.length - 1);
  const y = (days: number) => HEIGHT - PAD - (days / top) * (HEIGHT - 2 * PAD);
  const points = months.map((m, i) => `${x(i).toFixed(1)},${y(m.days).toFixed(1)}`).join(' ');
  return (
    <div className="days-outstanding" aria-labelledby={titleId} role="group" data-testid={`days-${side}`} data-state="ready" data-days={today.days}>
      <h4 id={titleId}>{t(`days.${side}.title`)}</h4>
      <p className="days-value" data-testid={`days-${side}-today`}>
        {t('days.value', { days: formatDays(today.days, language) })}
      </p>
      <svg className="days-trend" width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={t('days.trend', { first: monthLabel(months[0]!.month, language), last: monthLabel(today.month, language) })}>
        <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" />
        {months.map((m, i) => (
          <circle key={m.month} cx={x(i)} cy={y(m.days)} r={i === months.length - 1 ? 3 : 2} data-month={m.month} data-days={m.days}>
            <title>{t('days.point', { month: monthLabel(m.month, language), days: formatDays(m.days, language) })}</title>
          </circle>
        ))}
      </svg>
      <details className="days-months">
        <summary>{t('days.months')}</summary>
        <ol>
          {[...months].reverse().map((m) => (
            <li key={m.month}>
              <button type="button" className="figure" title={t('days.openHint')} onClick={() => onOpen(m.asOf)} data-testid={`days-${side}-month`} data-month={m.month} data-as-of={m.asOf} data-days={m.days}>
                {t('days.point', { month: monthLabel(m.month, language), days: formatDays(m.days, language) })}
              </button>
            </li>
          ))}
        </ol>
      </details>
    </div>
  );
}
