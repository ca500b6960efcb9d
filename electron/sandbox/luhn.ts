// Check digits of Swedish payment references (OCR) and organisation numbers: both use the Luhn
// (mod 10) algorithm, so a client or a bank would accept the generated values.

/** The Luhn check digit for a string of digits (the digit to append). */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  // Walk from the right: the rightmost digit of the payload gets weight 2 (it will sit next to
  // the check digit), then 1, 2, 1, ...
  for (let i = digits.length - 1, weight = 2; i >= 0; i -= 1, weight = 3 - weight) {
    let product = (digits.charCodeAt(i) - 48) * weight;
    if (product > 9) product -= 9;
    sum += product;
  }
  return (10 - (sum % 10)) % 10;
}

/** True when the last digit is a valid Luhn check digit of the rest. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  return luhnCheckDigit(digits.slice(0, -1)) === Number(digits.slice(-1));
}

/**
 * An OCR reference as Swedish invoicing systems build it: the payload, a length digit (the
 * total length including both control digits, mod 10) and a Luhn check digit over everything.
 */
export function ocrFor(payload: string): string {
  const withLength = payload + String((payload.length + 2) % 10);
  return withLength + String(luhnCheckDigit(withLength));
}

/** A Swedish organisation number 556xxx-xxxx (aktiebolag) whose tenth digit is the Luhn check digit. */
export function organisationNumber(sixDigits: string): string {
  const nine = `556${sixDigits}`.slice(0, 9);
  const ten = nine + String(luhnCheckDigit(nine));
  return `${ten.slice(0, 6)}-${ten.slice(6)}`;
}
