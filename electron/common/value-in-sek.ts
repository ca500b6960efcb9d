/**
 * An amount in SEK at its document's own rate, a customer's invoice or a supplier's:
 * `CurrencyRate` SEK per `CurrencyUnit` units of the currency (1 and 1 for SEK). A rate or unit
 * that is not a positive number counts as 1. The local copy stores Total and Balance this way
 * (mirror/storage/mirror-schema.ts step 2, in SQL, the same arithmetic in the same order) and
 * sorts by them; the overview ranks customers by it, and the payables and the firm's rows sum it.
 */
export function valueInSek(amount: number, currencyRate: number, currencyUnit: number): number {
  return (amount * (currencyRate > 0 ? currencyRate : 1)) / (currencyUnit > 0 ? currencyUnit : 1);
}
