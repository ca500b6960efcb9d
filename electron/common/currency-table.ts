/**
 * Per-currency tables. Their keys are the service's `Currency` strings, which a hostile or broken
 * service controls: `"__proto__"` as a key of a plain object reaches `Object.prototype` (and
 * pollutes every object of the process when written to), `"toString"` or `"constructor"` find the
 * prototype's functions where a figure is expected. A table made here has no prototype, so every
 * currency string is an ordinary key of its own, kept and written to JSON under its own name; a
 * table that came over IPC or JSON (a plain object again) is read with `ofCurrency`.
 */
export function currencyTable<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** The figures of `currency` in `table`, never a property `table` inherits. */
export function ofCurrency<T>(table: Readonly<Record<string, T>>, currency: string): T | undefined {
  return Object.hasOwn(table, currency) ? table[currency] : undefined;
}
