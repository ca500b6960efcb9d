/** The lines a --pdf-dir run says about the documents it skipped (run.ts prints them, then exits 6). */
import type { PdfDirResult } from './pdf-dir';

/**
 * A warning for each document the run skipped because the app refused what the service sent (a
 * number that is no file name; a document of another type, over 20 MB, or a file id that is no
 * plain id) or the service answered 404 for it, then their count. True when there was any: the
 * run then exits 6.
 */
export function warnSkipped(err: (line: string) => void, result: PdfDirResult, words: { what: string; of: string; number: string }): boolean {
  const count = result.refused.length + result.unusable.length;
  if (count === 0) return false;
  // Quoted (JSON) and cut short: the number is the service's text, and must not forge log lines.
  for (const number of result.refused) err(`warning: no ${words.what} for ${words.of} ${JSON.stringify(number.slice(0, 40))}: the service sent a ${words.number} that is no invoice number (refused as a file name).`);
  for (const { id, problem } of result.unusable) err(`warning: no ${words.what} for ${words.of} ${id}: ${problem} Skipped; the others were fetched.`);
  const notFound = result.unusable.filter((u) => u.notFound).length;
  const why = notFound === 0 ? 'sent data the app refused' : notFound === count ? `answered 404 for ${count === 1 ? 'it' : 'them'}` : 'sent data the app refused or answered 404';
  err(`${count} ${words.what}${count === 1 ? '' : 's'} missing: the service ${why}.`);
  return true;
}
