/**
 * What a view's free values may hold, as the main process accepts them: the search boxes' length
 * and a currency code. Apart because the view's state, its query, the toolbar's changes and the
 * sums footer all check the same limits.
 */

export const MAX_SEARCH_LENGTH = 200;
const CURRENCY_CODE = /^[A-Z]{3}$/;

/** Whether `value` is one of `list` (narrowing it to the list's type). */
export const oneOf = <T extends string | number>(list: readonly T[], value: unknown): value is T => (list as readonly unknown[]).includes(value);

/** A currency the query may carry (what the main process accepts: three capital letters). */
export const isCurrencyCode = (value: unknown): value is string => typeof value === 'string' && CURRENCY_CODE.test(value);
