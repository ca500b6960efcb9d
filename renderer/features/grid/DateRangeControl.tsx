/**
 * A date range: a preset (this month, last month, this year: the user's local calendar) or custom
 * from/to dates in native date inputs. The invoice-date range goes to the service as
 * fromdate/todate, together with the filter and the search; the due-date range (`kind="due"`) to
 * the local copy as fromduedate/toduedate. A custom range is committed only when it can be sent
 * (real dates, from not after to); until then the inputs say what is wrong.
 */
import { useId, useState } from 'react';
import { dateRangePresets, type DateRange, type DateRangePreset } from '../../../electron/common/list-primitives';
import { useT } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/messages';
import { dateRangeProblem, resolveDateRange } from './date-range';

/** The label, the "all dates" choice and the test ids of each kind of range. */
const kinds = {
  invoice: { label: 'grid.dates.label', all: 'grid.dates.all', from: 'grid.dates.from', to: 'grid.dates.to', ids: { group: 'date-range', preset: 'date-range-preset', from: 'date-from', to: 'date-to', error: 'date-range-error' } },
  due: { label: 'grid.due.label', all: 'grid.due.all', from: 'grid.due.from', to: 'grid.due.to', ids: { group: 'due-range', preset: 'due-range-preset', from: 'due-from', to: 'due-to', error: 'due-range-error' } },
} as const satisfies Record<string, { label: MessageKey; all: MessageKey; from: MessageKey; to: MessageKey; ids: Record<string, string> }>;

export function DateRangeControl({
  range,
  onChange,
  kind = 'invoice',
}: {
  range: DateRange | undefined;
  onChange: (range: DateRange | undefined) => void;
  kind?: keyof typeof kinds;
}) {
  const t = useT();
  const { label, all, from: fromLabel, to: toLabel, ids } = kinds[kind];
  const selectId = useId();
  const fromId = useId();
  const toId = useId();
  const errorId = useId();
  const [preset, setPreset] = useState<DateRangePreset | ''>(range?.preset ?? '');
  const [from, setFrom] = useState(range?.preset === 'custom' ? (range.from ?? '') : '');
  const [to, setTo] = useState(range?.preset === 'custom' ? (range.to ?? '') : '');
  // The saved range changes from outside too (another company's view, a reset): adjust during
  // render (React's pattern for state derived from a prop), not in an effect.
  const rangeKey = JSON.stringify(range ?? null);
  const [seenKey, setSeenKey] = useState(rangeKey);
  if (seenKey !== rangeKey) {
    setSeenKey(rangeKey);
    setPreset(range?.preset ?? '');
    if (range?.preset === 'custom') {
      setFrom(range.from ?? '');
      setTo(range.to ?? '');
    }
  }

  /** A custom range without bounds asks for every date and keeps the inputs open. */
  const commitCustom = (nextFrom: string, nextTo: string) => {
    if (dateRangeProblem(nextFrom, nextTo) !== null) return;
    onChange({ preset: 'custom', ...(nextFrom ? { from: nextFrom } : {}), ...(nextTo ? { to: nextTo } : {}) });
  };

  const problem = preset === 'custom' ? dateRangeProblem(from, to) : null;
  return (
    <div className="date-range" role="group" aria-label={t(label)} data-testid={ids.group}>
      <label htmlFor={selectId} className="visually-hidden">
        {t(label)}
      </label>
      <select
        id={selectId}
        value={preset}
        data-testid={ids.preset}
        onChange={(event) => {
          const next = event.target.value as DateRangePreset | '';
          setPreset(next);
          if (next === '') onChange(undefined);
          else if (next !== 'custom') onChange({ preset: next });
          else {
            // Start from what was shown: the preset's dates are a useful first custom range.
            const shown = range ? resolveDateRange(range, new Date()) : {};
            const nextFrom = shown.from ?? '';
            const nextTo = shown.to ?? '';
            setFrom(nextFrom);
            setTo(nextTo);
            commitCustom(nextFrom, nextTo);
          }
        }}
      >
        <option value="">{t(all)}</option>
        {dateRangePresets.map((id) => (
          <option key={id} value={id}>
            {t(`grid.dates.${id}`)}
          </option>
        ))}
      </select>
      {preset === 'custom' && (
        <>
          <label htmlFor={fromId} className="visually-hidden">
            {t(fromLabel)}
          </label>
          <input
            id={fromId}
            type="date"
            value={from}
            max={to || undefined}
            title={t(fromLabel)}
            aria-invalid={problem === 'from' || problem === 'order'}
            aria-describedby={problem ? errorId : undefined}
            data-testid={ids.from}
            onChange={(event) => {
              setFrom(event.target.value);
              commitCustom(event.target.value, to);
            }}
          />
          <span aria-hidden="true">–</span>
          <label htmlFor={toId} className="visually-hidden">
            {t(toLabel)}
          </label>
          <input
            id={toId}
            type="date"
            value={to}
            min={from || undefined}
            title={t(toLabel)}
            aria-invalid={problem === 'to' || problem === 'order'}
            aria-describedby={problem ? errorId : undefined}
            data-testid={ids.to}
            onChange={(event) => {
              setTo(event.target.value);
              commitCustom(from, event.target.value);
            }}
          />
          {problem && (
            <span id={errorId} className="field-error small" role="alert" data-testid={ids.error}>
              {t(problem === 'order' ? 'grid.dates.order' : 'grid.dates.invalid')}
            </span>
          )}
        </>
      )}
    </div>
  );
}
