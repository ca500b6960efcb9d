/**
 * Sums in SEK at each invoice's own rate, computed exactly (in integers, from the amounts' and
 * rates' decimals), then rounded to öre half away from zero: the reference the customers' figures
 * are checked against, independent of the order floating-point adds happen in.
 */

/** A decimal number (as text or a number with a short decimal form) as an integer of 10^-scale. */
function scaled(value: number | string, scale: number): bigint {
  const text = typeof value === 'number' ? value.toFixed(scale) : value.trim();
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace(/^[-+]/, '').split('.');
  const digits = BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
  return negative ? -digits : digits;
}

const RATE_SCALE = 8;

/** Σ amount × rate / unit over `items`, in öre, rounded half away from zero (a rate or unit that is not positive counts as 1). */
export function sekOre(items: Iterable<{ amount: number; rate: number | string; unit: number }>): number {
  // In units of 10^-(2 + RATE_SCALE) SEK, over the product of the units (1 for every invoice here but a few of 100).
  let sum = 0n;
  let denominator = 1n;
  for (const { amount, rate, unit } of items) {
    const r = Number(rate) > 0 ? scaled(rate, RATE_SCALE) : 10n ** BigInt(RATE_SCALE);
    const u = unit > 0 ? BigInt(Math.round(unit)) : 1n;
    const term = scaled(amount, 2) * r;
    // a/d + t/u = (a·u + t·d) / (d·u), kept small when the unit is already a factor.
    if (denominator % u === 0n) sum += term * (denominator / u);
    else {
      sum = sum * u + term * denominator;
      denominator *= u;
    }
  }
  const unitOfOre = 10n ** BigInt(RATE_SCALE) * denominator;
  const magnitude = sum < 0n ? -sum : sum;
  const ore = (magnitude * 2n + unitOfOre) / (2n * unitOfOre);
  return Number(sum < 0n ? -ore : ore) / 100;
}
