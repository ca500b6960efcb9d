// The rows of one invoice, derived FROM its list Total so that the single invoice and the list
// agree to the öre:
//   Net        = the sum of the row totals (each row: quantity × price × (1 − discount %), to the öre)
//   VAT        = for each rate, that rate's row totals × rate / 100, rounded to the öre
//   Total      = Net + TotalVAT + RoundOff, and equal to the list's Total
// A SEK total in whole kronor gets a RoundOff within ±0.49 (öresavrundning, as Swedish invoices
// round to whole kronor); any other total is met within ±0.01 (VAT steps of 1.25 öre cannot hit
// every öre). A credit note (negative Total) has the same rows with negative quantities.
// Amounts are worked out in öre as integers, on the absolute value, and rounded half away from
// zero. Deterministic: the same seed, company, DocumentNumber and Total give the same rows.

import type { Rng } from './prng';

export const VAT_RATES = [25, 12, 6] as const;
export type VatRate = (typeof VAT_RATES)[number];

/** One row as the real service sends it (keys in its alphabetical order; DeliveredQuantity a string). */
export interface InvoiceRow {
  AccountNumber: number;
  ArticleNumber: string;
  DeliveredQuantity: string;
  Description: string;
  Discount: number;
  DiscountType: 'PERCENT';
  Price: number;
  RowId: number;
  Total: number;
  Unit: string;
  VAT: VatRate;
}

export interface InvoiceAmounts {
  rows: InvoiceRow[];
  /** Net and VAT of each rate used, in the order 25, 12, 6. */
  vatByRate: Array<{ rate: VatRate; net: number; vat: number }>;
  net: number;
  totalVat: number;
  roundOff: number;
  total: number;
}

interface Article {
  number: string;
  description: string;
  unit: string;
  /** List price in kronor, excluding VAT. */
  price: number;
  /** Sold in half units (hours). */
  halves?: boolean;
}

/** BAS accounts: sales in Sweden at 25, 12 and 6 % VAT. */
const ACCOUNTS: Record<VatRate, number> = { 25: 3001, 12: 3002, 6: 3003 };

const ARTICLES: Record<VatRate, readonly Article[]> = {
  25: [
    { number: '1001', description: 'Konsulttimme, redovisning', unit: 'tim', price: 950, halves: true },
    { number: '1002', description: 'Målning av fönsterbågar', unit: 'tim', price: 650, halves: true },
    { number: '1003', description: 'Elinstallation, arbete', unit: 'tim', price: 720, halves: true },
    { number: '1004', description: 'Rörarbete, jourtillägg', unit: 'st', price: 1500 },
    { number: '1005', description: 'Byggmaterial enligt följesedel', unit: 'st', price: 4800 },
    { number: '1006', description: 'Snöröjning av gårdsplan', unit: 'st', price: 850 },
    { number: '1007', description: 'Städning av trapphus', unit: 'tim', price: 420, halves: true },
    { number: '1008', description: 'Hyra av ställning, per vecka', unit: 'vecka', price: 2200 },
    { number: '1009', description: 'Körning med lastbil', unit: 'tim', price: 890, halves: true },
    { number: '1010', description: 'Programvarulicens, årsavgift', unit: 'st', price: 12000 },
    { number: '1011', description: 'Trädgårdsskötsel, häckklippning', unit: 'tim', price: 540, halves: true },
    { number: '1012', description: 'Frakt och hantering', unit: 'st', price: 195 },
  ],
  12: [
    { number: '2001', description: 'Lunchbuffé, konferens', unit: 'st', price: 135 },
    { number: '2002', description: 'Hotellövernattning, enkelrum', unit: 'natt', price: 1150 },
    { number: '2003', description: 'Fika till möte (kaffe och bullar)', unit: 'st', price: 65 },
    { number: '2004', description: 'Smörgåstårta, 12 bitar', unit: 'st', price: 620 },
  ],
  6: [
    { number: '3001', description: 'Facklitteratur: Bokföring för småföretag', unit: 'st', price: 389 },
    { number: '3002', description: 'Persontransport, taxi', unit: 'st', price: 480 },
    { number: '3003', description: 'Entrébiljett, mässa', unit: 'st', price: 250 },
    { number: '3004', description: 'Tidningsprenumeration, helår', unit: 'st', price: 2350 },
  ],
};

/** What a closing row that must hit an exact amount is: one unit at a fixed price. */
const LUMP_SUMS: Record<VatRate, Article> = {
  25: { number: '1099', description: 'Arbete enligt offert, fast pris', unit: 'st', price: 0 },
  12: { number: '2099', description: 'Konferenspaket, fast pris', unit: 'st', price: 0 },
  6: { number: '3099', description: 'Resa enligt överenskommelse', unit: 'st', price: 0 },
};

const DISCOUNTS = [5, 10, 15, 20];
/** At most this many units on one row; a larger amount raises the price instead. */
const MAX_QUANTITY = 500;

/** A row in öre and hundredths of a unit, before it is signed and formatted. */
interface RawRow {
  article: Article;
  rate: VatRate;
  quantity: number; // hundredths of a unit
  price: number; // öre
  discount: number; // percent
  total: number; // öre
}

/** quantity × price × (1 − discount %), to the öre, half up (everything here is ≥ 0). */
export function rowTotalOre(quantityHundredths: number, priceOre: number, discountPercent: number): number {
  return Math.round((quantityHundredths * priceOre * (100 - discountPercent)) / 10_000);
}

function vatByRateOre(rows: readonly RawRow[]): Array<{ rate: VatRate; net: number; vat: number }> {
  return VAT_RATES.flatMap((rate) => {
    const used = rows.filter((row) => row.rate === rate);
    if (used.length === 0) return [];
    const net = used.reduce((sum, row) => sum + row.total, 0);
    return [{ rate, net, vat: Math.round((net * rate) / 100) }];
  });
}

function grossOre(rows: readonly RawRow[]): number {
  return vatByRateOre(rows).reduce((sum, group) => sum + group.net + group.vat, 0);
}

function pickRate(rng: Rng): VatRate {
  const roll = rng.next();
  return roll < 0.75 ? 25 : roll < 0.9 ? 12 : 6;
}

/**
 * What the rows are priced in: `currencyRate` SEK per unit of the invoice's currency (1 for SEK),
 * so an invoice in EUR gets list prices in EUR.
 */
interface Pricing {
  rng: Rng;
  currencyRate: number;
}

/** The article's list price in öre (or cents) of the invoice's currency. */
function listPrice(pricing: Pricing, article: Article): number {
  return (article.price * 100) / pricing.currencyRate;
}

/** An article of the rate whose list price fits the amount (the cheapest when none does). */
function pickArticle(pricing: Pricing, rate: VatRate, netOre: number): Article {
  const all = ARTICLES[rate];
  const fitting = all.filter((article) => listPrice(pricing, article) <= netOre);
  if (fitting.length > 0) return pricing.rng.pick(fitting);
  return all.reduce((cheapest, article) => (article.price < cheapest.price ? article : cheapest));
}

/** A row of the article worth about `netOre`: a quantity near net / list price, the price to match. */
function rowFor(pricing: Pricing, article: Article, rate: VatRate, netOre: number): RawRow {
  const discount = pricing.rng.chance(0.15) ? pricing.rng.pick(DISCOUNTS) : 0;
  const units = netOre / (listPrice(pricing, article) * (1 - discount / 100));
  const step = article.halves ? 50 : 100;
  const quantity = Math.min(MAX_QUANTITY * 100, Math.max(step, Math.round((units * 100) / step) * step));
  const price = Math.max(0, Math.round((netOre * 10_000) / (quantity * (100 - discount))));
  return { article, rate, quantity, price, discount, total: rowTotalOre(quantity, price, discount) };
}

/**
 * The last row is chosen so that the whole invoice lands on `target` (within what the rounding of
 * VAT allows): with a natural quantity and a price searched near the estimate when one of those is
 * acceptable, else as a lump sum (one unit) at the price that comes closest.
 */
function closingRow(pricing: Pricing, earlier: readonly RawRow[], rate: VatRate, target: number, accept: (gross: number) => boolean): RawRow {
  const needed = Math.max(0, Math.round(((target - grossOre(earlier)) * 100) / (100 + rate)));
  const article = pickArticle(pricing, rate, needed);
  const natural = rowFor(pricing, article, rate, needed);
  const gross = (row: RawRow) => grossOre([...earlier, row]);
  const closest = (rows: readonly RawRow[]) =>
    rows.reduce((best, row) => (Math.abs(target - gross(row)) < Math.abs(target - gross(best)) ? row : best));
  const naturals: RawRow[] = [];
  for (let delta = -4; delta <= 4; delta += 1) {
    const price = natural.price + delta;
    if (price >= 0) naturals.push({ ...natural, price, total: rowTotalOre(natural.quantity, price, natural.discount) });
  }
  const acceptable = naturals.filter((row) => accept(gross(row)));
  if (acceptable.length > 0) return closest(acceptable);
  const singles: RawRow[] = [];
  for (let delta = -6; delta <= 6; delta += 1) {
    const price = needed + delta;
    if (price >= 0) singles.push({ article: LUMP_SUMS[rate], rate, quantity: 100, price, discount: 0, total: price });
  }
  return closest(singles);
}

/**
 * Rows and amounts for an invoice with this Total. `wholeKronor` (a SEK invoice whose total is a
 * whole number of kronor) lets the rows' öre go to RoundOff; otherwise RoundOff is at most ±0.01
 * (and 0 whenever the VAT's rounding allows). `currencyRate`: SEK per unit of the currency.
 */
export function invoiceAmounts(rng: Rng, total: number, options: { wholeKronor: boolean; currencyRate: number }): InvoiceAmounts {
  const { wholeKronor } = options;
  const pricing: Pricing = { rng, currencyRate: options.currencyRate > 0 ? options.currencyRate : 1 };
  const sign = total < 0 ? -1 : 1;
  const gross = Math.round(Math.abs(total) * 100);
  // At least ~50 kr a row; one row for small amounts.
  const count = Math.max(1, Math.min(rng.pick([1, 1, 2, 2, 2, 3, 3, 4]), Math.floor((gross * pricing.currencyRate) / 5_000)));
  const rates = Array.from({ length: count }, () => pickRate(rng));
  const roundOffRoll = rng.int(-40, 40); // drawn either way, so the currency does not change the articles
  const roundOffTarget = wholeKronor ? roundOffRoll : 0;
  const target = Math.max(0, gross - roundOffTarget);
  // A natural closing row must keep the RoundOff a rounding to whole kronor (SEK), or come within
  // a cent of the total (the closest one is taken, so the total itself whenever a price reaches it).
  const accept = wholeKronor ? (g: number) => Math.abs(gross - g) <= 49 : (g: number) => Math.abs(gross - g) <= 1;

  const weights = rates.map(() => 0.3 + rng.next());
  const weightSum = weights.reduce((sum, w) => sum + w, 0);
  const raw: RawRow[] = [];
  for (let i = 0; i < count - 1; i += 1) {
    const rate = rates[i] as VatRate;
    const share = Math.floor((target * (weights[i] as number)) / weightSum);
    const net = Math.round((share * 100) / (100 + rate));
    raw.push(rowFor(pricing, pickArticle(pricing, rate, net), rate, net));
  }
  raw.push(closingRow(pricing, raw, rates[count - 1] as VatRate, target, accept));

  const groups = vatByRateOre(raw);
  const netOre = raw.reduce((sum, row) => sum + row.total, 0);
  const vatOre = groups.reduce((sum, group) => sum + group.vat, 0);
  const kr = (ore: number) => (sign * ore) / 100 || 0; // `|| 0`: no -0 in JSON or on paper
  return {
    rows: raw.map((row, i) => ({
      AccountNumber: ACCOUNTS[row.rate],
      ArticleNumber: row.article.number,
      DeliveredQuantity: ((sign * row.quantity) / 100 || 0).toFixed(2),
      Description: row.article.description,
      Discount: row.discount,
      DiscountType: 'PERCENT',
      Price: row.price / 100,
      RowId: i + 1,
      Total: kr(row.total),
      Unit: row.article.unit,
      VAT: row.rate,
    })),
    vatByRate: groups.map((group) => ({ rate: group.rate, net: kr(group.net), vat: kr(group.vat) })),
    net: kr(netOre),
    totalVat: kr(vatOre),
    roundOff: kr(gross - netOre - vatOre),
    total: kr(gross),
  };
}
