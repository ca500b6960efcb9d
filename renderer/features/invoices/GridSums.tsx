/** The footer under the grid when the local copy answers: the whole filtered view's count and its sums per currency. */
import { Fragment } from 'react';
import type { CurrencySum, Language } from '../../../electron/ipc/contract';
import { useT } from '../../i18n/i18n';
import { sumsText, type CountLabels } from './sums';

export function GridSums({ sums, language, labels }: { sums: readonly CurrencySum[]; language: Language; labels?: CountLabels }) {
  const t = useT();
  const text = sumsText(sums, language, t, labels);
  return (
    <p className="grid-sums" data-testid="grid-sums">
      <span data-testid="grid-sums-count">{text.count}</span>
      {text.currencies.map(({ currency, text: line }) => (
        // The separator outside the span: a narrow window breaks between currencies, not inside one.
        <Fragment key={currency}>
          {' · '}
          <span data-testid="grid-sums-currency" data-currency={currency}>
            {line}
          </span>
        </Fragment>
      ))}
    </p>
  );
}
