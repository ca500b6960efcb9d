// Word lists for realistic Swedish customer names (with å, ä and ö, which is exactly what breaks
// naive sorting, searching and CSV encoding).

import type { Rng } from './prng';

export const SURNAMES = [
  'Åkesson', 'Öberg', 'Andersson', 'Johansson', 'Karlsson', 'Nilsson', 'Eriksson', 'Larsson', 'Olsson',
  'Persson', 'Svensson', 'Gustafsson', 'Pettersson', 'Jonsson', 'Hansson', 'Bengtsson', 'Jönsson',
  'Lindberg', 'Magnusson', 'Lindström', 'Olofsson', 'Lindqvist', 'Lindgren', 'Berg', 'Axelsson',
  'Bergström', 'Lundberg', 'Lundqvist', 'Mattsson', 'Berglund', 'Fredriksson', 'Sandberg', 'Forsberg',
  'Sjöberg', 'Wallin', 'Engström', 'Eklund', 'Danielsson', 'Håkansson', 'Björk', 'Bergman', 'Holm',
  'Wikström', 'Samuelsson', 'Isaksson', 'Nyström', 'Holmberg', 'Löfgren', 'Söderberg', 'Nyberg',
  'Blomqvist', 'Claesson', 'Nordström', 'Mårtensson', 'Ström', 'Öhman', 'Åberg', 'Sundberg',
  'Ekström', 'Hägglund', 'Åström', 'Östlund', 'Sjögren', 'Törnqvist', 'Ågren', 'Älvström',
];

export const FIRST_NAMES = [
  'Anna', 'Åsa', 'Maria', 'Karin', 'Sofia', 'Lena', 'Märta', 'Björn', 'Göran', 'Lars', 'Mikael',
  'Örjan', 'Johan', 'Per', 'Håkan', 'Erik', 'Ingrid', 'Sören', 'Agneta', 'Jörgen',
];

export const PLACES = [
  'Örebro', 'Västerås', 'Göteborg', 'Malmö', 'Linköping', 'Norrköping', 'Jönköping', 'Umeå', 'Luleå',
  'Gävle', 'Växjö', 'Borås', 'Södertälje', 'Täby', 'Sundsvall', 'Östersund', 'Skövde', 'Trollhättan',
  'Ängelholm', 'Höör', 'Älmhult', 'Åre', 'Kalmar', 'Karlstad', 'Halmstad', 'Lund', 'Uppsala',
  'Eskilstuna', 'Falun', 'Visby', 'Ystad', 'Norrtälje', 'Härnösand', 'Mölndal', 'Kungälv', 'Åmål',
];

const TRADES = [
  'Bygg', 'Måleri', 'El', 'Rör', 'VVS', 'Trädgård', 'Städ', 'Snickeri', 'Konsult', 'Redovisning',
  'Transport', 'Bageri', 'Frisör', 'Data', 'Fastigheter', 'Plåtslageri', 'Golv', 'Tak', 'Låssmed',
  'Åkeri', 'Glas', 'Ventilation', 'Reklam', 'Tryckeri', 'Kakel', 'Städtjänst',
];

const COMPOUNDS = [
  'Målericentral', 'Byggservice', 'Elektriska', 'Rörläggeri', 'Åkeri', 'Städservice', 'Bilverkstad',
  'Möbelsnickeri', 'Blomsterhandel', 'Fiskhandel', 'Ölbryggeri', 'Kött & Chark', 'Järnhandel',
  'Glasmästeri', 'Tandvård', 'Hälsocenter', 'Förlag', 'Däckcenter',
];

/** One plausible Swedish company name; callers dedupe. */
export function customerName(rng: Rng): string {
  const roll = rng.next();
  if (roll < 0.3) return `${rng.pick(SURNAMES)} ${rng.pick(TRADES)} AB`;
  if (roll < 0.5) return `${rng.pick(PLACES)} ${rng.pick(COMPOUNDS)}`;
  if (roll < 0.62) return `${rng.pick(SURNAMES)}s ${rng.pick(TRADES)} HB`;
  if (roll < 0.74) return `${rng.pick(PLACES)}s ${rng.pick(COMPOUNDS)} AB`;
  if (roll < 0.86) return `${rng.pick(FIRST_NAMES)} ${rng.pick(SURNAMES)} ${rng.pick(TRADES)}`;
  if (roll < 0.94) return `${rng.pick(SURNAMES)} & ${rng.pick(SURNAMES)} ${rng.pick(TRADES)} KB`;
  return `${rng.pick(PLACES)} ${rng.pick(TRADES)} i Sverige AB`;
}

// Suppliers: the firms a Swedish company buys from (wholesalers, energy, rent, IT, transport).
const SUPPLIER_TRADES = [
  'Grossist', 'Partihandel', 'Kontorsmaterial', 'Energi', 'Telekom', 'Fastigheter', 'Maskinuthyrning',
  'Bygghandel', 'Revision', 'IT-drift', 'Förpackningar', 'Trävaror', 'Järnhandel', 'Verktyg',
  'Kaffeservice', 'Tryckeri', 'Logistik', 'Städservice', 'Elgrossist', 'Däckservice',
];

const SUPPLIER_BRANDS = [
  'Nordkraft', 'Söderhamns', 'Västkustens', 'Östgöta', 'Mälardalens', 'Norrlands', 'Skånska',
  'Göta', 'Svea', 'Fjällbo', 'Åkerby', 'Älvdalens', 'Björkö', 'Hälsinge', 'Roslagens',
];

/** The countries the foreign suppliers are in (ISO 3166 codes, as the register's CountryCode). */
export type ForeignCountry = 'DE' | 'DK' | 'FI' | 'NL' | 'FR' | 'PL' | 'US';

/** Foreign suppliers bill in their own currency (names with ü, ø, é: more encodings to get right). */
export const FOREIGN_SUPPLIERS: Readonly<Record<'EUR' | 'USD', ReadonlyArray<{ name: string; country: ForeignCountry }>>> = {
  EUR: [
    { name: 'Müller Industriebedarf GmbH', country: 'DE' }, { name: 'Jensen & Søn ApS', country: 'DK' },
    { name: 'Virtanen Oy', country: 'FI' }, { name: 'Van der Berg B.V.', country: 'NL' },
    { name: 'Schäfer Logistik GmbH', country: 'DE' }, { name: 'Société Générale de Fournitures SARL', country: 'FR' },
    { name: 'Kowalski Sp. z o.o.', country: 'PL' },
  ],
  USD: [
    { name: 'Acme Software Inc.', country: 'US' }, { name: 'Blue Ridge Components LLC', country: 'US' },
    { name: 'Pacific Cloud Services Inc.', country: 'US' }, { name: 'Great Lakes Tooling Corp.', country: 'US' },
  ],
};

/** One plausible Swedish supplier name; callers dedupe. */
export function supplierName(rng: Rng): string {
  const roll = rng.next();
  if (roll < 0.35) return `${rng.pick(SUPPLIER_BRANDS)} ${rng.pick(SUPPLIER_TRADES)} AB`;
  if (roll < 0.6) return `${rng.pick(SURNAMES)} ${rng.pick(SUPPLIER_TRADES)} AB`;
  if (roll < 0.8) return `${rng.pick(PLACES)} ${rng.pick(SUPPLIER_TRADES)} AB`;
  if (roll < 0.9) return `${rng.pick(SURNAMES)}s ${rng.pick(SUPPLIER_TRADES)} HB`;
  return `${rng.pick(SUPPLIER_BRANDS)} ${rng.pick(SUPPLIER_TRADES)} i ${rng.pick(PLACES)} AB`;
}
