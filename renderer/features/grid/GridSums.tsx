/**
 * The footer under the grid when the local copy answers: the whole filtered view's count, and a
 * small table of its sums, one line per currency (count, Total, Balance), amounts right-aligned.
 */
import type { CurrencySum, Language } from '../../../electron/ipc/contract';
import { useT } from '../../i18n/i18n';
import { sumsText, type CountLabels } from './sums';

export function GridSums({ sums, language, labels }: { sums: readonly CurrencySum[]; language: Language; labels: CountLabels }) {
  const t = useT();
  const text = sumsText(sums, language, t, labels);
  return (
    <div className="grid-sums" data-testid="grid-sums">
      <span className="grid-sums-count" data-testid="grid-sums-count">
        {text.count}
      </span>
      {text.currencies.length > 0 && (
        <table className="grid-sums-table" aria-label={t('grid.sums.caption')}>
          <thead>
            <tr>
              <th scope="col">{t('grid.sums.currencyHead')}</th>
              <th scope="col" className="num">
                {t('grid.sums.countHead')}
              </th>
              <th scope="col" className="num">
                {t(labels.total ?? 'grid.sums.total')}
              </th>
              <th scope="col" className="num">
                {t(labels.balance ?? 'grid.sums.balance')}
              </th>
            </tr>
          </thead>
          <tbody>
            {text.currencies.map((row) => (
              <tr key={row.currency} data-testid="grid-sums-currency" data-currency={row.currency}>
                <th scope="row">{row.label}</th>
                <td className="num" data-testid="grid-sums-row-count">
                  {row.count}
                </td>
                <td className="num" data-testid="grid-sums-total">
                  {row.total}
                </td>
                <td className="num" data-testid="grid-sums-balance">
                  {row.balance}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
