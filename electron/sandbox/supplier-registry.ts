// A company's suppliers: who they are, the currency they bill in, whether their invoices carry an
// OCR reference, their terms and what the company buys from them (the cost account its invoices
// are booked on, which also sets the VAT rate). Generated from the company's supplier PRNG.

import { FOREIGN_SUPPLIERS, supplierName, type ForeignCountry } from './names';
import type { Rng } from './prng';

/** A BAS cost account and the Swedish VAT rate of what is booked on it (0: exempt, such as insurance). */
export interface CostAccount {
  account: number;
  description: string;
  vatRate: 25 | 12 | 6 | 0;
  /** Typical invoice amounts in SEK including VAT (log-uniform between them). */
  range: readonly [number, number];
}

export const COST_ACCOUNTS: readonly CostAccount[] = [
  { account: 4010, description: 'Inköp material och varor', vatRate: 25, range: [500, 150_000] },
  { account: 5010, description: 'Lokalhyra', vatRate: 25, range: [8_000, 90_000] },
  { account: 5020, description: 'El för belysning', vatRate: 25, range: [600, 12_000] },
  { account: 5410, description: 'Förbrukningsinventarier', vatRate: 25, range: [300, 25_000] },
  { account: 5460, description: 'Förbrukningsmaterial', vatRate: 25, range: [150, 8_000] },
  { account: 5611, description: 'Drivmedel för personbilar', vatRate: 25, range: [400, 6_000] },
  { account: 5831, description: 'Kost och logi i Sverige', vatRate: 12, range: [900, 15_000] },
  { account: 5910, description: 'Annonsering', vatRate: 25, range: [1_500, 40_000] },
  { account: 6110, description: 'Kontorsmateriel', vatRate: 25, range: [150, 5_000] },
  { account: 6212, description: 'Mobiltelefon', vatRate: 25, range: [300, 4_000] },
  { account: 6230, description: 'Datakommunikation', vatRate: 25, range: [400, 6_000] },
  { account: 6310, description: 'Företagsförsäkringar', vatRate: 0, range: [2_000, 30_000] },
  { account: 6530, description: 'Redovisningstjänster', vatRate: 25, range: [2_500, 35_000] },
  { account: 6540, description: 'IT-tjänster', vatRate: 25, range: [1_000, 60_000] },
  { account: 6970, description: 'Tidningar, tidskrifter och facklitteratur', vatRate: 6, range: [200, 3_000] },
];

/** The balance-sheet accounts of a supplier invoice's voucher. */
export const ACCOUNTS = {
  payable: { account: 2440, description: 'Leverantörsskulder' },
  inputVat: { account: 2640, description: 'Ingående moms' },
  // Reverse charge (a foreign supplier bills without Swedish VAT; the buyer accounts for it both ways).
  reverseInputVat: { account: 2645, description: 'Beräknad ingående moms på förvärv från utlandet' },
  reverseOutputVat: { account: 2614, description: 'Utgående moms omvänd skattskyldighet, 25 %' },
  roundOff: { account: 3740, description: 'Öres- och kronutjämning' },
} as const;

export interface Supplier {
  number: string;
  name: string;
  currency: 'SEK' | 'EUR' | 'USD';
  /** Where it is (the register's CountryCode): SE, or a foreign supplier's own country. */
  country: 'SE' | ForeignCountry;
  usesOcr: boolean;
  terms: number;
  cost: CostAccount;
  /** The supplier's own invoice numbering (its next number). */
  nextInvoiceNumber: number;
}

/** Names the export's CSV tests need on the supplier side: a formula, and , " ; in one name. */
export const FORMULA_SUPPLIER_NAME = '=SUM(1+1)*cmd|" /C calc"!A0';
export const PUNCTUATION_SUPPLIER_NAME = 'Lind, "Verktygsboden" & Co; Lund';

const TERMS = [10, 15, 20, 30, 30, 45] as const;

export function generateSuppliers(rng: Rng, count: number, withAwkwardNames: boolean): Supplier[] {
  const seen = new Set<string>();
  const suppliers: Supplier[] = [];
  const add = (name: string, currency: Supplier['currency'], country: Supplier['country']): void => {
    seen.add(name);
    const cost = rng.pick(COST_ACCOUNTS);
    suppliers.push({
      number: String(suppliers.length + 1),
      name,
      currency,
      country,
      // Swedish suppliers mostly send a bankgiro OCR; foreign ones are paid by IBAN with a reference.
      usesOcr: currency === 'SEK' && rng.chance(0.7),
      terms: rng.pick(TERMS),
      cost,
      nextInvoiceNumber: rng.int(1_000, 90_000),
    });
  };
  for (let attempts = 0; suppliers.length < count && attempts < count * 50; attempts += 1) {
    // The second and fourth suppliers (among the busiest: invoices pick low numbers more often) are
    // foreign, so every company has EUR and USD invoices; the others are foreign now and then.
    const roll = rng.next();
    const n = suppliers.length;
    const currency = n === 1 ? 'EUR' : n === 3 ? 'USD' : roll < 0.06 ? 'EUR' : roll < 0.09 ? 'USD' : 'SEK';
    const { name, country } = currency === 'SEK' ? { name: supplierName(rng), country: 'SE' as const } : rng.pick(FOREIGN_SUPPLIERS[currency]);
    if (!seen.has(name)) add(name, currency, country);
  }
  if (withAwkwardNames && count > 0) {
    add(FORMULA_SUPPLIER_NAME, 'SEK', 'SE');
    add(PUNCTUATION_SUPPLIER_NAME, 'SEK', 'SE');
  }
  return suppliers;
}
