/**
 * Text the service controls (a client company's name, a currency code), made plain words that read
 * as they are: in a firm every client company writes its own name, with no length cap and no
 * cleaning at the service. A control character (ESC, CR) rewrites or breaks a line, a bidi override
 * or isolate (U+202E) reorders the words after it, and an invisible character (zero-width, a
 * Hangul filler) makes two names look alike; none of them is part of a name anyone reads.
 */

/** Line breaks and tabs: one space each, so the words on either side stay apart. */
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;

/**
 * Removed: controls (C0, DEL, C1), format characters (bidi embeddings, overrides, isolates and
 * marks; zero-width space, joiners, word joiner, BOM, soft hyphen, tag characters), lone surrogates,
 * private-use characters (no font agrees on them), and the letters and marks that draw nothing
 * (the Hangul fillers, the braille blank, the combining grapheme joiner, Khmer's inherent vowels).
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\u034f\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0]/gu;

/** The text in NFC, line breaks as spaces, hidden characters removed, every run of spaces one space, trimmed. */
export function visibleText(text: string): string {
  return text.normalize('NFC').replace(BREAKS, ' ').replace(HIDDEN, '').replace(/\s+/g, ' ').trim();
}

/** At most `max` characters, counted in code points (never half a surrogate pair); an ellipsis ends a cut one. */
export function capText(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}
