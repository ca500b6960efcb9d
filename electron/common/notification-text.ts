/**
 * Service text on its way into a desktop notification. Besides what visible-text.ts removes, a
 * notification has two risks of its own: on Linux its body is freedesktop markup, so a name with
 * `<a href=…>` or `<b>` in it would be drawn as a link or bold text, and any client company could
 * dress its name as a notification of the firm's own; and a body is a line or two, not a page.
 */
import { capText, visibleText } from './visible-text';

/** What a notification shows of a company's name, in characters. */
export const NOTIFICATION_NAME_MAX = 80;

export interface NotificationTextOptions {
  /** The OS reads the body as markup (Linux): `& < >` are written as entities. Elsewhere the body is shown as it is, and an entity would be shown as one. */
  markup: boolean;
  /** At most this many characters (NOTIFICATION_NAME_MAX by default). */
  max?: number;
}

/** Any service text made notification-safe: visible characters only, capped, and escaped where the body is markup. */
export function notificationSafe(text: string, options: NotificationTextOptions): string {
  const shown = capText(visibleText(text), options.max ?? NOTIFICATION_NAME_MAX);
  return options.markup ? shown.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : shown;
}

/** The generic currency sign: an amount whose currency the service wrote as no currency code. */
export const UNKNOWN_CURRENCY = '¤';

/** A currency code as a notification shows it: three capital letters, or the generic currency sign. */
export function notificationCurrency(code: string): string {
  return /^[A-Z]{3}$/.test(code) ? code : UNKNOWN_CURRENCY;
}
