// Rows derived from a Total: they add up to it (to the öre) for any total, the SEK RoundOff is a
// rounding to whole kronor, credit notes get negative quantities, and the same PRNG seed gives the
// same rows.

import { describe, expect, it } from 'vitest';
import { invoiceAmounts, rowTotalOre, type InvoiceAmounts } from '../../../electron/sandbox/invoice-rows';
import { createRng } from '../../../electron/sandbox/prng';

const ore = (amount: number) => Math.round(amount * 100);

/** The invariants, in öre; returns a description of the first broken one, or null. */
function broken(amounts: InvoiceAmounts, total: number, wholeKronor: boolean): string | null {
  const sign = total < 0 ? -1 : 1;
  let net = 0;
  const byRate = new Map<number, number>();
  for (const row of amounts.rows) {
    const quantity = Math.round(Number(row.DeliveredQuantity) * 100);
    if (quantity * sign < 0) return `row ${row.RowId}: quantity sign`;
    if (ore(row.Total) !== sign * rowTotalOre(Math.abs(quantity), ore(row.Price), row.Discount)) return `row ${row.RowId}: total`;
    net += ore(row.Total);
    byRate.set(row.VAT, (byRate.get(row.VAT) ?? 0) + ore(row.Total));
  }
  const vat = [...byRate].reduce((sum, [rate, base]) => sum + Math.sign(base) * Math.round((Math.abs(base) * rate) / 100), 0);
  if (ore(amounts.net) !== net) return 'net';
  if (ore(amounts.totalVat) !== vat) return 'vat';
  if (amounts.total !== total) return 'total';
  if (net + vat + ore(amounts.roundOff) !== ore(total)) return 'net + vat + roundOff';
  if (Math.abs(ore(amounts.roundOff)) > (wholeKronor ? 49 : 1)) return `roundOff ${amounts.roundOff}`;
  const groups = amounts.vatByRate.reduce((sum, group) => sum + ore(group.net), 0);
  if (groups !== net) return 'vatByRate';
  return null;
}

describe('invoiceAmounts', () => {
  it('adds up for 20,000 totals: SEK in whole kronor, other currencies with cents, credit notes', () => {
    const rng = createRng('totals');
    const failures: string[] = [];
    for (let i = 0; i < 20_000; i += 1) {
      const sek = rng.chance(0.7);
      const amount = Math.exp(Math.log(1) + rng.next() * (Math.log(500_000) - Math.log(1)));
      let total = sek ? Math.round(amount) : Math.round((amount / 11) * 100) / 100;
      if (rng.chance(0.1)) total = -total;
      const options = { wholeKronor: sek, currencyRate: sek ? 1 : 11.2 };
      const problem = broken(invoiceAmounts(createRng(`rows:${i}`), total, options), total, sek);
      if (problem) failures.push(`${total}: ${problem}`);
    }
    expect(failures).toEqual([]);
  });

  it.each([0, 0.01, -0.01, 0.5, 1, 3, 49, 99.99, 12.34, 1e7])('copes with a total of %d', (total) => {
    for (const wholeKronor of Number.isInteger(total) ? [true, false] : [false]) {
      const amounts = invoiceAmounts(createRng(`edge:${total}`), total, { wholeKronor, currencyRate: 1 });
      expect(amounts.rows.length).toBeGreaterThanOrEqual(1);
      expect(broken(amounts, total, wholeKronor)).toBeNull();
    }
  });

  it('gives 1 to 4 rows with rates 25, 12 and 6, and RoundOffs spread over ±0.49 for SEK', () => {
    const counts = new Set<number>();
    const rates = new Set<number>();
    const roundOffs = new Set<number>();
    for (let i = 0; i < 2_000; i += 1) {
      const amounts = invoiceAmounts(createRng(`spread:${i}`), 1_000 + i * 37, { wholeKronor: true, currencyRate: 1 });
      counts.add(amounts.rows.length);
      for (const row of amounts.rows) rates.add(row.VAT);
      roundOffs.add(amounts.roundOff);
    }
    expect([...counts].sort()).toEqual([1, 2, 3, 4]);
    expect([...rates].sort((a, b) => a - b)).toEqual([6, 12, 25]);
    expect(roundOffs.size).toBeGreaterThan(80);
    expect(Math.max(...roundOffs)).toBeLessThanOrEqual(0.49);
    expect(Math.min(...roundOffs)).toBeGreaterThanOrEqual(-0.49);
  });

  it('meets a total with cents exactly most of the time, else within one cent', () => {
    let exact = 0;
    for (let i = 0; i < 1_000; i += 1) {
      if (invoiceAmounts(createRng(`cents:${i}`), 100 + i * 13.37, { wholeKronor: false, currencyRate: 11 }).roundOff === 0) exact += 1;
    }
    expect(exact).toBeGreaterThan(700);
  });

  it('turns a credit note into negative quantities with positive prices', () => {
    const credit = invoiceAmounts(createRng('credit'), -4_321, { wholeKronor: true, currencyRate: 1 });
    const debit = invoiceAmounts(createRng('credit'), 4_321, { wholeKronor: true, currencyRate: 1 });
    expect(credit.rows.map((row) => row.Description)).toEqual(debit.rows.map((row) => row.Description));
    for (const [i, row] of credit.rows.entries()) {
      expect(row.DeliveredQuantity).toBe(`-${debit.rows[i]?.DeliveredQuantity}`);
      expect(row.Price).toBe(debit.rows[i]?.Price);
      expect(row.Total).toBe(-(debit.rows[i]?.Total ?? 0));
    }
    expect([credit.net, credit.totalVat, credit.roundOff]).toEqual([-debit.net, -debit.totalVat, -debit.roundOff || 0]);
  });

  it('is deterministic: the same seed gives the same rows, another seed other rows', () => {
    const options = { wholeKronor: true, currencyRate: 1 };
    expect(invoiceAmounts(createRng('a'), 12_345, options)).toEqual(invoiceAmounts(createRng('a'), 12_345, options));
    expect(invoiceAmounts(createRng('a'), 12_345, options)).not.toEqual(invoiceAmounts(createRng('b'), 12_345, options));
  });

  it('prices a foreign-currency invoice in its currency (list prices divided by the rate)', () => {
    // Rows of two or more units are priced near the article's list price: in EUR at 11 SEK/EUR,
    // about an eleventh of the SEK price of the same article.
    const meanPrices = (currencyRate: number) => {
      const prices = new Map<string, number[]>();
      for (let i = 0; i < 1_000; i += 1) {
        const total = Math.round(((500 + i * 97) / currencyRate) * 100) / 100;
        const amounts = invoiceAmounts(createRng(`fx:${currencyRate}:${i}`), total, { wholeKronor: currencyRate === 1, currencyRate });
        for (const row of amounts.rows.filter((r) => Number(r.DeliveredQuantity) >= 2)) {
          prices.set(row.ArticleNumber, [...(prices.get(row.ArticleNumber) ?? []), row.Price]);
        }
      }
      return new Map([...prices].filter(([, list]) => list.length >= 5).map(([article, list]) => [article, list.reduce((a, b) => a + b, 0) / list.length]));
    };
    const sek = meanPrices(1);
    const eur = meanPrices(11);
    const common = [...eur.keys()].filter((article) => sek.has(article));
    expect(common.length).toBeGreaterThan(5);
    for (const article of common) {
      const ratio = (sek.get(article) ?? 0) / (eur.get(article) ?? 1);
      expect(ratio, article).toBeGreaterThan(8);
      expect(ratio, article).toBeLessThan(14);
    }
  });
});
