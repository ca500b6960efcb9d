// Helpers for the supplier register tests: the list over real HTTP with all its pages, and the
// checks a bank would make of a supplier's payment details, written here from the rules (Luhn for
// giro and organisation numbers, ISO 13616's mod 97 for an IBAN), not taken from the sandbox.

import type { Sandbox } from '../../../electron/sandbox';
import { getJson, type JsonResponse, type Meta } from './helpers';

export type Item = Record<string, unknown>;
export interface SupplierRegisterList {
  MetaInformation: Meta;
  Suppliers: Item[];
  Supplier: Item;
  ErrorInformation?: Record<string, unknown>;
}

export const LIST_FIELDS = [
  '@url', 'Active', 'Address1', 'Address2', 'BG', 'BIC', 'BankAccountNumber', 'City', 'CostCenter', 'CountryCode', 'Currency',
  'Email', 'IBAN', 'Name', 'OrganisationNumber', 'PG', 'Phone', 'PreDefinedAccount', 'SupplierNumber', 'ZipCode',
];
export const SINGLE_ONLY = ['Comments', 'Country', 'OurReference', 'TermsOfPayment', 'VATNumber', 'VATType', 'WWW', 'YourReference'];
export const SINGLE_FIELDS = [...LIST_FIELDS, ...SINGLE_ONLY].sort();

export function call(sb: Sandbox, path: string, bearer: string | undefined, params: Record<string, string | number> = {}): Promise<JsonResponse<SupplierRegisterList>> {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return getJson<SupplierRegisterList>(`${sb.apiUrl}${path}${qs ? `?${qs}` : ''}`, bearer);
}

/** Every page of GET /3/suppliers at limit 500, as a sync reads them. */
export async function allSuppliers(sb: Sandbox, bearer: string, params: Record<string, string | number> = {}): Promise<Item[]> {
  const all: Item[] = [];
  for (let page = 1; ; page += 1) {
    const res = await call(sb, '/3/suppliers', bearer, { limit: 500, ...params, page });
    if (res.status !== 200) throw new Error(`page ${page}: ${res.status} ${res.text}`);
    all.push(...res.body.Suppliers);
    if (res.body.MetaInformation['@CurrentPage'] >= res.body.MetaInformation['@TotalPages']) return all;
  }
}

export const numbers = (items: readonly Item[]): string[] => items.map((item) => String(item['SupplierNumber']));

/** The Luhn (mod 10) test over every digit of the text (dashes and spaces left out). */
export function luhnValid(text: string): boolean {
  const digits = text.replace(/[- ]/g, '');
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let value = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) value = value * 2 > 9 ? value * 2 - 9 : value * 2;
    sum += value;
  }
  return sum % 10 === 0;
}

/** The IBAN's length in each country the register has suppliers in. */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = { SE: 24, DE: 22, DK: 18, FI: 18, NL: 18, FR: 27, PL: 28 };

/** ISO 13616: the country's length, and the first four characters moved to the end leave 1 mod 97 (letters as 10..35). */
export function ibanValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban) || IBAN_LENGTHS[iban.slice(0, 2)] !== iban.length) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  const numeric = [...moved].map((char) => (/[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char)).join('');
  return BigInt(numeric) % 97n === 1n;
}

/** Swedish wall-clock time, as the service reads `lastmodified`. */
export const swedish = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
