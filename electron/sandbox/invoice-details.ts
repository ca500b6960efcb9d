// What only the single invoice carries beyond the list record: its rows and amounts, the
// customer's address and the references. None of it is stored: it is derived from the seed, the
// company and the record on every call, so it is the same each time and follows any change a test
// makes to the record (a new Total gives new rows that add up to it).

import type { StoredInvoice } from './data';
import { invoiceAmounts, type InvoiceAmounts } from './invoice-rows';
import { FIRST_NAMES, PLACES, SURNAMES } from './names';
import { createRng, type Rng } from './prng';

export interface InvoiceDocument {
  invoice: StoredInvoice;
  amounts: InvoiceAmounts;
  Address1: string;
  Address2: string;
  ZipCode: string;
  City: string;
  Country: string;
  YourReference: string;
  OurReference: string;
  YourOrderNumber: string;
  Remarks: string;
}

const STREETS = [
  'Storgatan', 'Kungsgatan', 'Drottninggatan', 'Järnvägsgatan', 'Skolgatan', 'Kyrkogatan', 'Västra Vägen',
  'Östra Långgatan', 'Åsvägen', 'Industrivägen', 'Hamngatan', 'Björkvägen', 'Lärkgatan', 'Sjögatan', 'Ängsvägen',
  'Mästargatan', 'Södra Förstadsgatan', 'Bryggargatan',
];

const REMARKS: ReadonlyArray<[string, number]> = [
  ['', 0.55],
  ['Tack för förtroendet!', 0.15],
  ['Vid betalning, ange OCR-nummer.', 0.15],
  ['Dröjsmålsränta debiteras enligt räntelagen.', 0.1],
  ['Gäller arbeten utförda enligt offert.', 0.05],
];

/** Each place as a word of its own, in the genitive too ("Växjös"); \p{L} so å, ä, ö count as letters. */
const PLACE_WORDS = PLACES.map((place) => ({ place, pattern: new RegExp(`(?<!\\p{L})${place}s?(?!\\p{L})`, 'u') }));

/** The place a name mentions first, or undefined. */
export function placeNamedIn(name: string): string | undefined {
  let found: { place: string; at: number } | undefined;
  for (const { place, pattern } of PLACE_WORDS) {
    const at = name.search(pattern);
    if (at >= 0 && (found === undefined || at < found.at)) found = { place, at };
  }
  return found?.place;
}

function personName(rng: Rng): string {
  return `${rng.pick(FIRST_NAMES)} ${rng.pick(SURNAMES)}`;
}

function weighted(rng: Rng, table: ReadonlyArray<[string, number]>): string {
  let roll = rng.next();
  for (const [value, weight] of table) {
    if (roll < weight) return value;
    roll -= weight;
  }
  return table[0]?.[0] ?? '';
}

/**
 * A Swedish postal address for a party of this name: a street, sometimes a box or an accounts
 * department, a post code, and the town the name names (else one drawn).
 */
export function swedishAddress(rng: Rng, name: string): Pick<InvoiceDocument, 'Address1' | 'Address2' | 'ZipCode' | 'City'> {
  const street = `${rng.pick(STREETS)} ${rng.int(1, 120)}`;
  const roll = rng.next();
  const address2 = roll < 0.15 ? `Box ${rng.int(100, 9999)}` : roll < 0.25 ? 'c/o Ekonomiavdelningen' : '';
  const zip = `${rng.int(100, 984)} ${String(rng.int(0, 99)).padStart(2, '0')}`;
  // A party named after a town ("Örebro Målericentral", "Faluns Bageri", "Berg & Co; Malmö") is
  // in that town: the first place named as a word of its own (not "Lund" in "Lundberg").
  const city = placeNamedIn(name) ?? rng.pick(PLACES);
  return { Address1: street, Address2: address2, ZipCode: zip, City: city };
}

/**
 * The customer's address and contact: one per customer number, the same on all its invoices and in
 * the customer register (customer-data.ts uses it too, so the two agree).
 */
export function customerAddress(seed: string, tenantId: string, customerNumber: string, customerName: string): Pick<InvoiceDocument, 'Address1' | 'Address2' | 'ZipCode' | 'City' | 'Country' | 'YourReference'> {
  const rng = createRng(`${seed}:${tenantId}:customer:${customerNumber}`);
  const address = swedishAddress(rng, customerName);
  const reference = rng.chance(0.85) ? personName(rng) : '';
  return { ...address, Country: 'Sverige', YourReference: reference };
}

export function describeInvoice(invoice: StoredInvoice, seed: string, tenantId: string): InvoiceDocument {
  // Three people at the company sign its invoices.
  const staffRng = createRng(`${seed}:${tenantId}:staff`);
  const staff = [personName(staffRng), personName(staffRng), personName(staffRng)];
  const rng = createRng(`${seed}:${tenantId}:invoice:${invoice.DocumentNumber}`);
  const ourReference = rng.pick(staff);
  const orderNumber = rng.chance(0.25) ? String(rng.int(1000, 99999)) : '';
  const credit = invoice.Total < 0;
  const remarks = credit ? 'Kreditering enligt överenskommelse.' : weighted(rng, REMARKS);
  // Rows from their own PRNG, so they depend on nothing above.
  const wholeKronor = invoice.Currency === 'SEK' && Number.isInteger(invoice.Total);
  const currencyRate = Number(invoice.CurrencyRate) / (invoice.CurrencyUnit || 1);
  const rowRng = createRng(`${seed}:${tenantId}:rows:${invoice.DocumentNumber}`);
  const amounts = invoiceAmounts(rowRng, invoice.Total, { wholeKronor, currencyRate: Number.isFinite(currencyRate) ? currencyRate : 1 });
  return {
    invoice,
    amounts,
    ...customerAddress(seed, tenantId, invoice.CustomerNumber, invoice.CustomerName),
    OurReference: ourReference,
    YourOrderNumber: orderNumber,
    Remarks: remarks,
  };
}

/** The single invoice's fields beyond the list item's (merged and ordered by the route). */
export function detailFields(doc: InvoiceDocument): Record<string, unknown> {
  const { amounts } = doc;
  return {
    Address1: doc.Address1,
    Address2: doc.Address2,
    City: doc.City,
    Country: doc.Country,
    Credit: doc.invoice.Total < 0,
    InvoiceRows: amounts.rows,
    Net: amounts.net,
    OurReference: doc.OurReference,
    Remarks: doc.Remarks,
    RoundOff: amounts.roundOff,
    // The list's Total exactly (amounts.total is the same number, worked out from it).
    Total: doc.invoice.Total,
    TotalToPay: doc.invoice.Total,
    TotalVAT: amounts.totalVat,
    VATIncluded: false,
    YourOrderNumber: doc.YourOrderNumber,
    YourReference: doc.YourReference,
    ZipCode: doc.ZipCode,
  };
}
