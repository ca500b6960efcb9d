// A customer's register fields beyond its name, deterministic from the seed, the company and the
// customer number: the address the customer's invoices already carry (invoice-details.ts, so the
// register and the single invoice agree, the City too), and Swedish contact details that fit it:
// a phone number with the city's area code, an e-mail address made from the name, and an
// organisation number of the right kind (556… for an aktiebolag, 969… for a handelsbolag or
// kommanditbolag, a personnummer for a sole trader or a private person), each with its Luhn digit.

import { customerAddress } from './invoice-details';
import { luhnCheckDigit } from './luhn';
import { FIRST_NAMES } from './names';
import { createRng, type Rng } from './prng';

/** Area codes (riktnummer) of the generator's places; a number without one is a mobile. */
const AREA_CODES: Readonly<Record<string, string>> = {
  Örebro: '019', Västerås: '021', Göteborg: '031', Malmö: '040', Linköping: '013', Norrköping: '011',
  Jönköping: '036', Umeå: '090', Luleå: '0920', Gävle: '026', Växjö: '0470', Borås: '033',
  Södertälje: '08', Täby: '08', Sundsvall: '060', Östersund: '063', Skövde: '0500', Trollhättan: '0520',
  Ängelholm: '0431', Höör: '0413', Älmhult: '0476', Åre: '0647', Kalmar: '0480', Karlstad: '054',
  Halmstad: '035', Lund: '046', Uppsala: '018', Eskilstuna: '016', Falun: '023', Visby: '0498',
  Ystad: '0411', Norrtälje: '0176', Härnösand: '0611', Mölndal: '031', Kungälv: '0303', Åmål: '0532',
};

const MAIL_BOXES = ['info', 'faktura', 'ekonomi', 'kontakt', 'order'];
const MAIL_PROVIDERS = ['gmail.com', 'telia.com', 'hotmail.com', 'outlook.com', 'icloud.com'];

export type CustomerKind = 'COMPANY' | 'PRIVATE';

function digits(rng: Rng, count: number): string {
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

function organisationNumberFor(rng: Rng, name: string, kind: CustomerKind): string {
  // A sole trader ("Anna Öberg Bygg") is registered under the owner's personnummer.
  if (kind === 'PRIVATE' || FIRST_NAMES.some((first) => name.startsWith(`${first} `))) return personnummer(rng);
  if (/ (HB|KB)$/.test(name)) return withCheckDigit(`969${digits(rng, 6)}`);
  return withCheckDigit(`556${digits(rng, 6)}`);
}

/** Lower-case ASCII for an address: å, ä → a, ö → o, other marks dropped, runs of the rest → '-'. */
function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[åä]/g, 'a')
    .replace(/ö/g, 'o')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function emailFor(rng: Rng, name: string, kind: CustomerKind, number: string): string {
  if (rng.chance(0.06)) return ''; // some customers gave none
  if (kind === 'PRIVATE') {
    const [first = 'kund', ...rest] = name.split(' ');
    return `${slug(first)}.${slug(rest.join(' ')) || number}@${rng.pick(MAIL_PROVIDERS)}`;
  }
  const domain = slug(name.replace(/ (AB|HB|KB)$/, '').replace(/ i Sverige$/, '')) || `kund-${number}`;
  return `${rng.pick(MAIL_BOXES)}@${domain}.se`;
}

/** Swedish grouping: the area code, a dash, then the subscriber number in groups of two or three. */
function phoneFor(rng: Rng, city: string, kind: CustomerKind): string {
  if (rng.chance(0.04)) return '';
  const area = AREA_CODES[city];
  if (area === undefined || kind === 'PRIVATE' || rng.chance(0.3)) {
    return `07${rng.pick(['0', '2', '3', '6'])}-${digits(rng, 3)} ${digits(rng, 2)} ${digits(rng, 2)}`;
  }
  const first = String(rng.int(1, 9));
  if (area.length === 2) return `${area}-${first}${digits(rng, 2)} ${digits(rng, 2)} ${digits(rng, 2)}`;
  // Six digits after a three- or four-digit code ("019-28 80 58", "0520-95 97 86").
  return `${area}-${first}${digits(rng, 1)} ${digits(rng, 2)} ${digits(rng, 2)}`;
}

const TERMS: ReadonlyArray<[string, number]> = [['30', 0.6], ['10', 0.15], ['20', 0.15], ['15', 0.1]];

function weighted(rng: Rng, table: ReadonlyArray<[string, number]>): string {
  let roll = rng.next();
  for (const [value, weight] of table) {
    if (roll < weight) return value;
    roll -= weight;
  }
  return table[0]?.[0] ?? '';
}

/**
 * The stored fields of a well-formed customer, keys in code-unit order (the order the service sends
 * them in). Its own PRNG per customer number, so neither the invoices nor the other customers move
 * when one is added.
 */
export function customerFields(seed: string, tenantId: string, number: string, name: string, kind: CustomerKind, active: boolean): Record<string, unknown> {
  const address = customerAddress(seed, tenantId, number, name);
  const rng = createRng(`${seed}:${tenantId}:register:${number}`);
  const organisationNumber = organisationNumberFor(rng, name, kind);
  const email = emailFor(rng, name, kind, number);
  const phone = phoneFor(rng, address.City, kind);
  return {
    Active: active,
    Address1: address.Address1,
    // A household has no accounts department to send the invoice in care of.
    Address2: kind === 'PRIVATE' && address.Address2.startsWith('c/o') ? '' : address.Address2,
    City: address.City,
    Currency: 'SEK',
    CustomerNumber: number,
    Email: email,
    Name: name,
    OrganisationNumber: organisationNumber,
    Phone: phone,
    TermsOfPayment: weighted(rng, TERMS),
    Type: kind,
    VATType: 'SEVAT',
    ZipCode: address.ZipCode,
  };
}
