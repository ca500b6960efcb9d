/**
 * The invoice-date range: a preset (this month, last month, this year: the user's local calendar)
 * or custom from/to dates in native date inputs. The dates go to the service as fromdate/todate,
 * together with the filter and the search. A custom range is committed only when it can be sent
 * (real dates, from not after to); until then the inputs say what is wrong.
 */
import { useId, useState } from 'react';
import { dateRangePresets, type DateRange, type DateRangePreset } from '../../../electron/common/invoices';
import { useT } from '../../i18n/i18n';
import { dateRangeProblem, resolveDateRange } from './view';

export function DateRangeControl({ range, onChange }: { range: DateRange | undefined; onChange: (range: DateRange | undefined) => void }) {
  const t = useT();
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
    <div className="date-range" role="group" aria-label={t('grid.dates.label')} data-testid="date-range">
      <label htmlFor={selectId} className="visually-hidden">
        {t('grid.dates.label')}
      </label>
      <select
        id={selectId}
        value={preset}
        data-testid="date-range-preset"
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
        <option value="">{t('grid.dates.all')}</option>
        {dateRangePresets.map((id) => (
          <option key={id} value={id}>
            {t(`grid.dates.${id}`)}
          </option>
        ))}
      </select>
      {preset === 'custom' && (
        <>
          <label htmlFor={fromId} className="visually-hidden">
            {t('grid.dates.from')}
          </label>
          <input
            id={fromId}
            type="date"
            value={from}
            max={to || undefined}
            title={t('grid.dates.from')}
            aria-invalid={problem === 'from' || problem === 'order'}
            aria-describedby={problem ? errorId : undefined}
            data-testid="date-from"
            onChange={(event) => {
              setFrom(event.target.value);
              commitCustom(event.target.value, to);
            }}
          />
          <span aria-hidden="true">–</span>
          <label htmlFor={toId} className="visually-hidden">
            {t('grid.dates.to')}
          </label>
          <input
            id={toId}
            type="date"
            value={to}
            min={from || undefined}
            title={t('grid.dates.to')}
            aria-invalid={problem === 'to' || problem === 'order'}
            aria-describedby={problem ? errorId : undefined}
            data-testid="date-to"
            onChange={(event) => {
              setTo(event.target.value);
              commitCustom(from, event.target.value);
            }}
          />
          {problem && (
            <span id={errorId} className="field-error small" role="alert" data-testid="date-range-error">
              {t(problem === 'order' ? 'grid.dates.order' : 'grid.dates.invalid')}
            </span>
          )}
        </>
      )}
    </div>
  );
}
