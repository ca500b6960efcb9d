/** The footer's count and its table of sums per currency, and the currency select's choices. */
import { describe, expect, it } from 'vitest';
import type { CurrencySum } from '../../../../../electron/ipc/contract';
import { currencyOptions, sumsText } from '../../../../../renderer/features/grid/sums';
import { dictionaries, type Language, type MessageKey } from '../../../../../renderer/i18n/messages';

const tOf = (language: Language) => (key: MessageKey, params: Record<string, string | number> = {}) =>
  Object.entries(params).reduce<string>((text, [name, value]) => text.replaceAll(`{${name}}`, String(value)), dictionaries[language][key]);
/** The customer invoices' count words (the registry's, by the list's id). */
const invoiceCount = { one: 'list.invoices.sumsOne', count: 'list.invoices.sumsCount' } as const;
/** Intl's narrow no-break spaces and minus sign, as plain characters. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/\u2212/g, '-');

const sums: CurrencySum[] = [
  { currency: 'SEK', count: 1200, total: 1_234_567, balance: 345_678 },
  { currency: 'EUR', count: 34, total: 10_500.5, balance: -20 },
];

describe('grid sums', () => {
  it('counts the whole view and gives each currency a row, alphabetically, with amounts as the grid formats them', () => {
    const sv = sumsText(sums, 'sv', tOf('sv'), invoiceCount);
    expect(plain(sv.count)).toBe('1 234 fakturor');
    expect(sv.currencies.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, plain(v)])))).toEqual([
      { currency: 'EUR', label: 'EUR', count: '34', total: '10 500,50', balance: '-20,00' },
      { currency: 'SEK', label: 'SEK', count: '1 200', total: '1 234 567,00', balance: '345 678,00' },
    ]);
    const en = sumsText(sums, 'en', tOf('en'), invoiceCount);
    expect(en.count).toBe('1,234 invoices');
    expect(en.currencies.map((row) => [row.label, row.count, row.total, row.balance])).toEqual([
      ['EUR', '34', '10,500.50', '-20.00'],
      ['SEK', '1,200', '1,234,567.00', '345,678.00'],
    ]);
  });

  it('says one invoice, a dash for invoices without a currency, and nothing but the count for an empty view', () => {
    const one = sumsText([{ currency: '', count: 1, total: 100, balance: 0 }], 'en', tOf('en'), invoiceCount);
    expect(one).toEqual({ count: '1 invoice', currencies: [{ currency: '', label: '–', count: '1', total: '100.00', balance: '0.00' }] });
    expect(sumsText([], 'sv', tOf('sv'), invoiceCount)).toEqual({ count: '0 fakturor', currencies: [] });
  });

  it('offers the view\'s currencies and the selected one', () => {
    expect(currencyOptions(sums, undefined)).toEqual(['EUR', 'SEK']);
    expect(currencyOptions([sums[0]!], 'USD')).toEqual(['SEK', 'USD']);
    expect(currencyOptions(undefined, 'EUR')).toEqual(['EUR']);
    expect(currencyOptions([{ currency: '', count: 1, total: 1, balance: 1 }], undefined)).toEqual([]);
  });
});
