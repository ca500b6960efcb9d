/**
 * The service's text on its way to a terminal or a cron e-mail: customer and supplier names, its
 * error messages, the numbers and file ids it sent. An escape sequence (ESC, or the one-character
 * C1 CSI U+009B) could move the cursor, clear the screen or set the window title; a carriage
 * return rewrites the line it is on (in a log or a mail: a forged line); a bidi override or isolate
 * reorders what is shown. None of those reach the terminal from here.
 *
 * Every line the CLI writes to stderr, and every service string in the report's text, goes through
 * terminalSafe; the report's JSON goes through terminalJson, which keeps the values exact.
 */

/** Line breaks and tabs (C0's, NEL, the Unicode line and paragraph separators): one space each, so words stay apart. */
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;

/**
 * What a terminal acts on: C0 controls, DEL, C1 controls, the bidi embeddings and overrides
 * (U+202A-U+202E), isolates (U+2066-U+2069) and the invisible direction marks (LRM, RLM, ALM).
 */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;

/** The text with line breaks and tabs as spaces and every other control or bidi character removed. */
export function terminalSafe(text: string): string {
  return text.replace(BREAKS, ' ').replace(CONTROLS, '');
}

const RAW_IN_JSON = /[\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u2028\u2029]/g;

/**
 * JSON.stringify, with the characters it would write raw (DEL, C1, bidi controls, the line and
 * paragraph separators) written as \u escapes too: the same JSON value, byte for byte safe on a
 * terminal. (C0 controls JSON escapes itself.)
 */
export function terminalJson(value: unknown): string {
  return JSON.stringify(value).replace(RAW_IN_JSON, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
