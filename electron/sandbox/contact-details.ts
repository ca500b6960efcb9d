// Swedish contact details a register's records share, customers and suppliers alike, each drawn
// from the record's own PRNG: organisation numbers and personnummer with their Luhn digit, phone
// numbers with the town's area code (or a mobile), and the lower-case ASCII an e-mail address is
// made of.

import { luhnCheckDigit } from './luhn';
import { FIRST_NAMES } from './names';
import type { Rng } from './prng';

/** Area codes (riktnummer) of the generator's places; a number without one is a mobile. */
const AREA_CODES: Readonly<Record<string, string>> = {
  Örebro: '019', Västerås: '021', Göteborg: '031', Malmö: '040', Linköping: '013', Norrköping: '011',
  Jönköping: '036', Umeå: '090', Luleå: '0920', Gävle: '026', Växjö: '0470', Borås: '033',
  Södertälje: '08', Täby: '08', Sundsvall: '060', Östersund: '063', Skövde: '0500', Trollhättan: '0520',
  Ängelholm: '0431', Höör: '0413', Älmhult: '0476', Åre: '0647', Kalmar: '0480', Karlstad: '054',
  Halmstad: '035', Lund: '046', Uppsala: '018', Eskilstuna: '016', Falun: '023', Visby: '0498',
  Ystad: '0411', Norrtälje: '0176', Härnösand: '0611', Mölndal: '031', Kungälv: '0303', Åmål: '0532',
};

export function digits(rng: Rng, count: number): string {
  let text = '';
  for (let i = 0; i < count; i += 1) text += String(rng.int(0, 9));
  return text;
}

/** NNNNNN-NNNN whose tenth digit is the Luhn check digit of the nine before it. */
function withCheckDigit(nine: string): string {
  const ten = nine + String(luhnCheckDigit(nine));
  return `${ten.slice(0, 6)}-${ten.slice(6)}`;
}

/** A personnummer (born 1945-2003) in the ten-digit form, as sole traders and private persons have. */
function personnummer(rng: Rng): string {
  const year = rng.int(45, 103) % 100;
  const month = rng.int(1, 12);
  const day = rng.int(1, 28);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return withCheckDigit(`${pad(year)}${pad(month)}${pad(day)}${digits(rng, 3)}`);
}

/**
 * The organisation number a name's form implies: a person's or a sole trader's ("Anna Öberg Bygg")
 * personnummer, 969… for a handelsbolag or kommanditbolag, 556… for an aktiebolag.
 */
export function organisationNumberFor(rng: Rng, name: string, person: boolean): string {
  if (person || FIRST_NAMES.some((first) => name.startsWith(`${first} `))) return personnummer(rng);
  if (/ (HB|KB)$/.test(name)) return withCheckDigit(`969${digits(rng, 6)}`);
  return withCheckDigit(`556${digits(rng, 6)}`);
}

/** Lower-case ASCII for an address: å, ä → a, ö → o, other marks dropped, runs of the rest → '-'. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[åä]/g, 'a')
    .replace(/ö/g, 'o')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A Swedish company's web domain without its ending: the name without its company form ("AB", "i Sverige AB"). */
export function companyDomain(name: string): string {
  return slug(name.replace(/ (AB|HB|KB)$/, '').replace(/ i Sverige$/, ''));
}

/**
 * Swedish grouping: the area code, a dash, then the subscriber number in groups of two or three.
 * `mobile`: a person's number, never a landline. Some records have none ('').
 */
export function phoneFor(rng: Rng, city: string, mobile: boolean): string {
  if (rng.chance(0.04)) return '';
  const area = AREA_CODES[city];
  if (area === undefined || mobile || rng.chance(0.3)) {
    return `07${rng.pick(['0', '2', '3', '6'])}-${digits(rng, 3)} ${digits(rng, 2)} ${digits(rng, 2)}`;
  }
  const first = String(rng.int(1, 9));
  if (area.length === 2) return `${area}-${first}${digits(rng, 2)} ${digits(rng, 2)} ${digits(rng, 2)}`;
  // Six digits after a three- or four-digit code ("019-28 80 58", "0520-95 97 86").
  return `${area}-${first}${digits(rng, 1)} ${digits(rng, 2)} ${digits(rng, 2)}`;
}

/** One value of a table of [value, weight] whose weights add up to 1. */
export function weighted<T extends string>(rng: Rng, table: ReadonlyArray<readonly [T, number]>): T {
  let roll = rng.next();
  for (const [value, weight] of table) {
    if (roll < weight) return value;
    roll -= weight;
  }
  return (table[0] as readonly [T, number])[0];
}
