/**
 * Per-currency tables. Their keys are the service's `Currency` strings, which a hostile or broken
 * service controls: `"__proto__"` as a key of a plain object reaches `Object.prototype` (and
 * pollutes every object of the process when written to), `"toString"` or `"constructor"` find the
 * prototype's functions where a figure is expected. A table made here has no prototype, so every
 * currency string is an ordinary key of its own, kept and written to JSON under its own name; a
 * table that came over IPC or JSON (a plain object again) is read with `ofCurrency`.
 */

declare const prototypeFree: unique symbol;

/**
 * A table made by `currencyTable`. The mark exists in the type only: it tells a table without a
 * prototype from a plain record, so that a write of a service's string into a plain record can be
 * found in the source (test/unit/architecture/service-string-keys.test.ts). A plain object cannot
 * be passed where one is expected.
 */
export type CurrencyTable<T> = Record<string, T> & { readonly [prototypeFree]: true };

export function currencyTable<T>(): CurrencyTable<T> {
  return Object.create(null) as CurrencyTable<T>;
}

/** The figures of `currency` in `table`, never a property `table` inherits. */
export function ofCurrency<T>(table: Readonly<Record<string, T>>, currency: string): T | undefined {
  return Object.hasOwn(table, currency) ? table[currency] : undefined;
}
