/**
 * The footer under the grid when the local copy answers: how many invoices the whole filtered view
 * holds, and a small table of its count, Total and Balance per currency (never converted), plus the
 * currencies the currency select offers. Pure, so the wording is unit-tested.
 */
import type { CurrencySum, Language } from '../../../electron/ipc/contract';
import type { MessageKey } from '../../i18n/messages';
import { formatCount, formatPlainAmount } from './format';
import { isCurrencyCode } from './view-values';

type T = (key: MessageKey, params?: Record<string, string | number>) => string;

export interface SumsText {
  /** "1 234 invoices" */
  count: string;
  /** One row of the footer's table per currency, in alphabetical order; amounts as the grid writes them. */
  currencies: SumsRow[];
}

export interface SumsRow {
  /** The ISO code as the data says it ('' when the invoices have none). */
  currency: string;
  /** What the row's first cell says: the code, or "–". */
  label: string;
  /** "1 200" */
  count: string;
  /** "1 234 567,00" / "1,234,567.00" */
  total: string;
  balance: string;
}

/** What the count says: "1 faktura" / "{count} fakturor" (a resource may say "leverantörsfakturor"). */
export interface CountLabels {
  one: MessageKey;
  count: MessageKey;
  /** The two sums' heads (default "Totalt" and "Saldo"; the customers' "Att få" and "Förfallet"). */
  total?: MessageKey;
  balance?: MessageKey;
}

/** The footer's words and figures for the view's sums. */
export function sumsText(sums: readonly CurrencySum[], language: Language, t: T, labels: CountLabels): SumsText {
  const count = sums.reduce((n, sum) => n + sum.count, 0);
  return {
    count: count === 1 ? t(labels.one) : t(labels.count, { count: formatCount(count, language) }),
    currencies: [...sums]
      .sort((a, b) => a.currency.localeCompare(b.currency))
      .map((sum) => ({
        currency: sum.currency,
        label: sum.currency || '–',
        count: formatCount(sum.count, language),
        total: formatPlainAmount(sum.total, language),
        balance: formatPlainAmount(sum.balance, language),
      })),
  };
}

/** The currency select's choices: the view's currencies and the one selected (even when the view has none of it), alphabetical. */
export function currencyOptions(sums: readonly CurrencySum[] | undefined, selected: string | undefined): string[] {
  const codes = new Set((sums ?? []).map((sum) => sum.currency).filter(isCurrencyCode));
  if (isCurrencyCode(selected)) codes.add(selected);
  return [...codes].sort();
}
