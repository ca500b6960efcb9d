/** The footer's count and sums per currency, and the currency select's choices. */
import { describe, expect, it } from 'vitest';
import type { CurrencySum } from '../../../../../electron/ipc/contract';
import { currencyOptions, sumsLine, sumsText } from '../../../../../renderer/features/invoices/sums';
import { dictionaries, type Language, type MessageKey } from '../../../../../renderer/i18n/messages';

const tOf = (language: Language) => (key: MessageKey, params: Record<string, string | number> = {}) =>
  Object.entries(params).reduce<string>((text, [name, value]) => text.replaceAll(`{${name}}`, String(value)), dictionaries[language][key]);
/** Intl's narrow no-break spaces and minus sign, as plain characters. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/\u2212/g, '-');

const sums: CurrencySum[] = [
  { currency: 'SEK', count: 1200, total: 1_234_567, balance: 345_678 },
  { currency: 'EUR', count: 34, total: 10_500.5, balance: -20 },
];

describe('grid sums', () => {
  it('counts the whole view and sums each currency apart, alphabetically, like the grid formats amounts', () => {
    expect(plain(sumsLine(sums, 'sv', tOf('sv')))).toBe('1 234 fakturor · EUR: totalt 10 500,50, saldo -20,00 · SEK: totalt 1 234 567,00, saldo 345 678,00');
    expect(plain(sumsLine(sums, 'en', tOf('en')))).toBe('1,234 invoices · EUR: total 10,500.50, balance -20.00 · SEK: total 1,234,567.00, balance 345,678.00');
  });

  it('says one invoice, and nothing but the count for an empty view', () => {
    expect(sumsLine([{ currency: 'SEK', count: 1, total: 100, balance: 0 }], 'en', tOf('en'))).toBe('1 invoice · SEK: total 100.00, balance 0.00');
    expect(sumsText([], 'sv', tOf('sv'))).toEqual({ count: '0 fakturor', currencies: [] });
  });

  it('offers the view\'s currencies and the selected one', () => {
    expect(currencyOptions(sums, undefined)).toEqual(['EUR', 'SEK']);
    expect(currencyOptions([sums[0]!], 'USD')).toEqual(['SEK', 'USD']);
    expect(currencyOptions(undefined, 'EUR')).toEqual(['EUR']);
    expect(currencyOptions([{ currency: '', count: 1, total: 1, balance: 1 }], undefined)).toEqual([]);
  });
});
