// The register details of a supplier abroad, by its country: a street address as the country
// writes it, a phone number in international form, a VAT number of the country's form (none in
// the US), and how it is paid: an IBAN with its bank's BIC in Europe, an account number and a
// SWIFT code (BIC) in the US, which has no IBAN. Never a Swedish bankgiro or plusgiro.

import { ibanFor, type BankAccount } from './bank-details';
import { digits } from './contact-details';
import type { ForeignCountry } from './names';
import type { Rng } from './prng';

interface CountryShape {
  /** Its Swedish name (the single supplier's `Country`) and its web domain ending. */
  name: string;
  domain: string;
  /** [city, post code] pairs. */
  places: ReadonlyArray<readonly [string, string]>;
  street(rng: Rng): string;
  phone(rng: Rng): string;
  vatNumber(rng: Rng): string;
  /** Banks as [BIC, the bank's part of the BBAN]; the BBAN's other digits are the account. */
  banks: ReadonlyArray<readonly [string, string]>;
  /** Digits of the BBAN after the bank's part (0: the country has no IBAN). */
  accountDigits: number;
}

const numbered = (streets: readonly string[]) => (rng: Rng): string => `${rng.pick(streets)} ${rng.int(1, 180)}`;

const COUNTRIES: Readonly<Record<ForeignCountry, CountryShape>> = {
  DE: {
    name: 'Tyskland', domain: 'de', places: [['München', '80331'], ['Hamburg', '20095'], ['Köln', '50667'], ['Stuttgart', '70173']],
    street: numbered(['Industriestraße', 'Hauptstraße', 'Gewerbering', 'Bahnhofstraße']),
    phone: (rng) => `+49 ${rng.pick(['89', '40', '221', '711'])} ${digits(rng, 7)}`,
    vatNumber: (rng) => `DE${digits(rng, 9)}`,
    banks: [['DEUTDEFF', '50070010'], ['COBADEFF', '20040000'], ['GENODEF1M04', '70190000']], accountDigits: 10,
  },
  DK: {
    name: 'Danmark', domain: 'dk', places: [['København', '1560'], ['Aarhus', '8000'], ['Odense', '5000']],
    street: numbered(['Vestergade', 'Industrivej', 'Østergade']),
    phone: (rng) => `+45 ${digits(rng, 2)} ${digits(rng, 2)} ${digits(rng, 2)} ${digits(rng, 2)}`,
    vatNumber: (rng) => `DK${digits(rng, 8)}`,
    banks: [['DABADKKK', '3000'], ['NDEADKKK', '2000']], accountDigits: 10,
  },
  FI: {
    name: 'Finland', domain: 'fi', places: [['Helsinki', '00100'], ['Tampere', '33100'], ['Turku', '20100']],
    street: numbered(['Mannerheimintie', 'Teollisuuskatu', 'Hämeenkatu']),
    phone: (rng) => `+358 ${rng.pick(['9', '3', '2'])} ${digits(rng, 3)} ${digits(rng, 4)}`,
    vatNumber: (rng) => `FI${digits(rng, 8)}`,
    banks: [['NDEAFIHH', '123456'], ['OKOYFIHH', '500001']], accountDigits: 8,
  },
  NL: {
    name: 'Nederländerna', domain: 'nl', places: [['Amsterdam', '1017 CE'], ['Rotterdam', '3011 AD'], ['Utrecht', '3511 LX']],
    street: numbered(['Keizersgracht', 'Industrieweg', 'Stationsplein']),
    phone: (rng) => `+31 ${rng.pick(['20', '10', '30'])} ${digits(rng, 3)} ${digits(rng, 4)}`,
    vatNumber: (rng) => `NL${digits(rng, 9)}B01`,
    banks: [['ABNANL2A', 'ABNA'], ['INGBNL2A', 'INGB'], ['RABONL2U', 'RABO']], accountDigits: 10,
  },
  FR: {
    name: 'Frankrike', domain: 'fr', places: [['Paris', '75008'], ['Lyon', '69002'], ['Lille', '59000']],
    street: (rng) => `${rng.int(1, 120)} ${rng.pick(['rue de la République', 'avenue Jean Jaurès', 'boulevard Haussmann'])}`,
    phone: (rng) => `+33 ${rng.int(1, 5)} ${digits(rng, 2)} ${digits(rng, 2)} ${digits(rng, 2)} ${digits(rng, 2)}`,
    vatNumber: (rng) => `FR${digits(rng, 11)}`,
    // Bank and branch; the account's 11 digits and the 2-digit key follow.
    banks: [['BNPAFRPP', '3000400828'], ['SOGEFRPP', '3000301234'], ['CRLYFRPP', '3000201550']], accountDigits: 13,
  },
  PL: {
    name: 'Polen', domain: 'pl', places: [['Warszawa', '00-950'], ['Kraków', '30-001'], ['Gdańsk', '80-001']],
    street: (rng) => `ul. ${rng.pick(['Marszałkowska', 'Przemysłowa', 'Długa'])} ${rng.int(1, 150)}`,
    phone: (rng) => `+48 ${rng.pick(['22', '12', '58'])} ${digits(rng, 3)} ${digits(rng, 2)} ${digits(rng, 2)}`,
    vatNumber: (rng) => `PL${digits(rng, 10)}`,
    banks: [['PKOPPLPW', '10201026'], ['BPKOPLPW', '10205561']], accountDigits: 16,
  },
  US: {
    name: 'USA', domain: 'com', places: [['Seattle, WA', '98101'], ['Austin, TX', '78701'], ['Chicago, IL', '60601'], ['San Jose, CA', '95113']],
    street: (rng) => `${rng.int(100, 9900)} ${rng.pick(['Market Street', 'Commerce Drive', 'Lakeshore Avenue', 'Innovation Way'])}`,
    phone: (rng) => `+1 ${rng.int(201, 989)} ${digits(rng, 3)} ${digits(rng, 4)}`,
    vatNumber: () => '',
    banks: [['CHASUS33', ''], ['BOFAUS3N', ''], ['CITIUS33', ''], ['WFBIUS6S', '']], accountDigits: 0,
  },
};

export function isForeignCountry(code: unknown): code is ForeignCountry {
  return typeof code === 'string' && Object.hasOwn(COUNTRIES, code);
}

export interface ForeignContact extends BankAccount {
  Address1: string;
  Address2: string;
  ZipCode: string;
  City: string;
  Country: string;
  Phone: string;
  VATNumber: string;
  /** The web domain's ending ('de', 'com'). */
  domain: string;
}

/** A supplier's address, phone, VAT number and bank in its country. */
export function foreignContact(rng: Rng, country: ForeignCountry): ForeignContact {
  const shape = COUNTRIES[country];
  const [city, zip] = rng.pick(shape.places);
  const street = shape.street(rng);
  const [bic, bank] = rng.pick(shape.banks);
  const account = digits(rng, shape.accountDigits);
  return {
    Address1: street,
    Address2: country === 'US' && rng.chance(0.4) ? `Suite ${rng.int(100, 900)}` : '',
    ZipCode: zip,
    City: city,
    Country: shape.name,
    Phone: shape.phone(rng),
    VATNumber: shape.vatNumber(rng),
    // The US has no IBAN: the account number is given as it is, with the bank's SWIFT code.
    BankAccountNumber: shape.accountDigits === 0 ? digits(rng, 10) : '',
    IBAN: shape.accountDigits === 0 ? '' : ibanFor(country, bank + account),
    BIC: bic,
    domain: shape.domain,
  };
}
