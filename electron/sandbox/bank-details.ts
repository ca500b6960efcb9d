// How a supplier is paid, as its register entry gives it: a bankgiro or plusgiro number (Swedish
// giro numbers, whose last digit is a Luhn check digit, so a bank would take them), a Swedish bank
// account (clearing number and account), and an IBAN with its BIC. An IBAN's two check digits are
// ISO 13616's mod 97, over the country's BBAN built the way its banks number accounts.

import { digits } from './contact-details';
import { luhnCheckDigit } from './luhn';
import type { Rng } from './prng';

/** Digits that do not start with 0 (a giro number never does). */
function leading(rng: Rng, count: number): string {
  return String(rng.int(1, 9)) + digits(rng, count - 1);
}

/** A bankgiro number: seven or eight digits, the last a Luhn check digit, written NNN-NNNN or NNNN-NNNN. */
export function bankgiro(rng: Rng): string {
  const payload = leading(rng, rng.chance(0.6) ? 7 : 6);
  const all = payload + String(luhnCheckDigit(payload));
  return `${all.slice(0, -4)}-${all.slice(-4)}`;
}

/** A plusgiro number: two to eight digits, the last a Luhn check digit after a dash (NNNNNN-N). */
export function plusgiro(rng: Rng): string {
  const payload = leading(rng, rng.int(4, 7));
  return `${payload}-${luhnCheckDigit(payload)}`;
}

/** Letters as ISO 13616 counts them (A = 10 … Z = 35), then the remainder mod 97 digit by digit. */
function mod97(text: string): number {
  let rest = 0;
  for (const char of text) {
    const value = char >= 'A' && char <= 'Z' ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of value) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest;
}

/** The IBAN of a BBAN in a country: the country code, two check digits, the BBAN (no spaces, as the electronic form). */
export function ibanFor(country: string, bban: string): string {
  const check = 98 - mod97(`${bban}${country}00`);
  return `${country}${String(check).padStart(2, '0')}${bban}`;
}

export interface BankAccount {
  /** Clearing number and account, as a Swedish bank account is written ("5402-0123456"). */
  BankAccountNumber: string;
  IBAN: string;
  BIC: string;
}

/** Swedish banks: the first digit of their clearing numbers, their IBAN bank code and BIC. */
const SWEDISH_BANKS = [
  { clearing: '5', code: '500', bic: 'ESSESESS' },
  { clearing: '6', code: '600', bic: 'HANDSESS' },
  { clearing: '3', code: '300', bic: 'NDEASESS' },
  { clearing: '7', code: '800', bic: 'SWEDSESS' },
] as const;

/** A Swedish bank account and its IBAN (the bank's code, then clearing and account in 17 digits). */
export function swedishBankAccount(rng: Rng): BankAccount {
  const bank = rng.pick(SWEDISH_BANKS);
  const clearing = bank.clearing + digits(rng, 3);
  const account = digits(rng, 7);
  return { BankAccountNumber: `${clearing}-${account}`, IBAN: ibanFor('SE', bank.code + (clearing + account).padStart(17, '0')), BIC: bank.bic };
}
