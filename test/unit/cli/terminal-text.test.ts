// The service's text on its way to a terminal or a cron e-mail: no control
// character (C0, DEL, C1) and no bidi override or isolate survives, so a customer name or an error
// message cannot move the cursor, clear a line, rewrite a log line or reorder what is shown; line
// breaks and tabs become spaces; everything else (Swedish letters, other scripts, emoji) stays.
// JSON for a terminal escapes the same characters and parses to exactly the same value.
import { describe, expect, it } from 'vitest';
import { terminalJson, terminalSafe } from '../../../electron/cli/terminal-text';

/** Every character a terminal may act on, written out by hand (not the module's own pattern). */
const UNSAFE: string[] = [
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)),
  '\u007f',
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(0x80 + i)),
  '\u202a', '\u202b', '\u202c', '\u202d', '\u202e',
  '\u2066', '\u2067', '\u2068', '\u2069',
  '\u200e', '\u200f', '\u061c',
];
const hasUnsafe = (text: string): boolean => [...text].some((c) => UNSAFE.includes(c));

describe('terminalSafe', () => {
  it('keeps ordinary text as it is', () => {
    for (const text of ['Sandbox Småföretag AB', 'Åsa Öberg & Co; "Hörnan"', 'Ωmega ΑΕ', 'שלום', '株式会社', 'café 🧾', '=SUM(1+1)', '']) expect(terminalSafe(text)).toBe(text);
  });

  it('removes every control character and bidi control; line breaks and tabs become one space each', () => {
    for (const char of UNSAFE) expect(hasUnsafe(terminalSafe(`a${char}b`)), JSON.stringify(char)).toBe(false);
    expect(terminalSafe('Acme\r\nAB\tOy\u2028x')).toBe('Acme  AB Oy x');
    expect(terminalSafe('Evil\u001b[2K\rFake line')).toBe('Evil[2K Fake line');
    expect(terminalSafe('x\u009b31my')).toBe('x31my');
    expect(terminalSafe('\u202eABC\u202c \u2066d\u2069\u007f')).toBe('ABC d');
    expect(terminalSafe('\u0000\u0007\u0008')).toBe('');
  });
});

describe('terminalJson', () => {
  it('is JSON of exactly the same value, with no character a terminal acts on', () => {
    const value = { name: 'Evil\u001b]0;x\u0007\r\u009b31m\u202eAB\u2066\u2069\u007f\u200e', list: ['å', 1, null], nested: { s: '\u0085\u2028' } };
    const text = terminalJson(value);
    expect(JSON.parse(text)).toEqual(value);
    expect(hasUnsafe(text)).toBe(false);
    expect(text).toContain('\\u202e');
    expect(terminalJson({ a: 'Småföretag' })).toBe(JSON.stringify({ a: 'Småföretag' }));
  });
});
