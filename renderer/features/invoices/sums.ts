/**
 * The footer under the grid when the local copy answers: how many invoices the whole filtered view
 * holds, and its Total and Balance per currency (never converted), plus the currencies the
 * currency select offers. Pure, so the wording is unit-tested.
 */
import type { CurrencySum, Language } from '../../../electron/ipc/contract';
import type { MessageKey } from '../../i18n/messages';
import { formatCount, formatPlainAmount } from './format';
import { isCurrencyCode } from './grid-view';

type T = (key: MessageKey, params?: Record<string, string | number>) => string;

export interface SumsText {
  /** "1 234 invoices" */
  count: string;
  /** "SEK: total 1 234 567,00, balance 345 678,00", one per currency in alphabetical order. */
  currencies: Array<{ currency: string; text: string }>;
}

/** What the count says: "1 faktura" / "{count} fakturor" (a resource may say "leverantörsfakturor"). */
export interface CountLabels {
  one: MessageKey;
  count: MessageKey;
}
const invoiceCount: CountLabels = { one: 'grid.sums.one', count: 'grid.sums.count' };

/** The footer's words for the view's sums. */
export function sumsText(sums: readonly CurrencySum[], language: Language, t: T, labels: CountLabels = invoiceCount): SumsText {
  const count = sums.reduce((n, sum) => n + sum.count, 0);
  return {
    count: count === 1 ? t(labels.one) : t(labels.count, { count: formatCount(count, language) }),
    currencies: [...sums]
      .sort((a, b) => a.currency.localeCompare(b.currency))
      .map((sum) => ({
        currency: sum.currency,
        text: t('grid.sums.currency', {
          currency: sum.currency || '–',
          total: formatPlainAmount(sum.total, language),
          balance: formatPlainAmount(sum.balance, language),
        }),
      })),
  };
}

/** The whole footer as one line: "1 234 invoices · SEK: total …, balance … · EUR: …". */
export function sumsLine(sums: readonly CurrencySum[], language: Language, t: T): string {
  const text = sumsText(sums, language, t);
  return [text.count, ...text.currencies.map((c) => c.text)].join(' · ');
}

/** The currency select's choices: the view's currencies and the one selected (even when the view has none of it), alphabetical. */
export function currencyOptions(sums: readonly CurrencySum[] | undefined, selected: string | undefined): string[] {
  const codes = new Set((sums ?? []).map((sum) => sum.currency).filter(isCurrencyCode));
  if (isCurrencyCode(selected)) codes.add(selected);
  return [...codes].sort();
}
