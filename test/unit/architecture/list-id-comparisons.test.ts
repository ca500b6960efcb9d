// What differs per list is its description's (docs/architecture.md, the registry of lists): no
// source file compares a value with a list's id, nor switches on it, but a file of that list's
// own, whose name carries a word of the list's noun (invoice, supplier, customer, payment). A
// branch on an id elsewhere is a place every new list has to be added by hand, and its `else`
// silently means some other list.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eachList } from '../../../electron/common/lists/registry';

const ROOT = path.resolve(__dirname, '../../..');
/** The sandbox plays the service: its lists are the service's endpoints, not the app's descriptions. */
const SKIPPED = [path.join('electron', 'sandbox')];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const relative = path.join(dir, name);
    if (SKIPPED.includes(relative)) return [];
    if (statSync(path.join(ROOT, relative)).isDirectory()) return sourceFiles(relative);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [relative] : [];
  });
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `x === 'id'`, `'id' !== x` (any of ==, !=, ===, !==) or `case 'id':`, quoted any way. */
function comparisonOf(id: string): RegExp {
  const literal = `['"\`]${escaped(id)}['"\`]`;
  return new RegExp(`(?:[!=]==?\\s*${literal})|(?:${literal}\\s*[!=]==?)|(?:\\bcase\\s+${literal}\\s*:)`);
}

/** The words a file's name may carry to be one of the list's own files: its noun's ("supplier invoice"). */
const wordsOf = (noun: string): string[] => noun.toLowerCase().split(/\s+/);

/** Every comparison with a list's id outside that list's own files, as `file:line`. */
function listIdComparisons(files: readonly string[], read: (file: string) => string): string[] {
  const rules = eachList().map(({ id, list }) => ({ id, pattern: comparisonOf(id), words: wordsOf(list.noun) }));
  const found: string[] = [];
  for (const file of files) {
    const name = path.basename(file).toLowerCase();
    read(file)
      .split('\n')
      .forEach((line, index) => {
        for (const rule of rules) {
          if (rule.pattern.test(line) && !rule.words.some((word) => name.includes(word))) found.push(`${file}:${index + 1} (${rule.id})`);
        }
      });
  }
  return found;
}

describe('list ids', () => {
  it("are compared with only in that list's own files", () => {
    const files = [...sourceFiles('electron'), ...sourceFiles('renderer')];
    expect(listIdComparisons(files, (file) => readFileSync(path.join(ROOT, file), 'utf8'))).toEqual([]);
  });

  it('finds each way of writing a comparison or a case, and lets the list name its own files', () => {
    const source = [
      "if (context.resource === 'supplierinvoices') {",
      "  if ('invoices' !== id) return;",
      '  switch (tab) { case "customers": break; }',
      '  const same = resource == `invoicepayments`;',
      "  const tab = 'invoices';",
      "  const ok = id === 'invoicesx';",
    ].join('\n');
    expect(listIdComparisons(['electron/cli/run.ts'], () => source)).toEqual([
      'electron/cli/run.ts:1 (supplierinvoices)',
      'electron/cli/run.ts:2 (invoices)',
      'electron/cli/run.ts:3 (customers)',
      'electron/cli/run.ts:4 (invoicepayments)',
    ]);
    // A payment file may compare payment lists; a customer file may not compare supplier invoices.
    expect(listIdComparisons(['renderer/features/payments/InvoicePayments.tsx'], () => "side === 'invoicepayments'")).toEqual([]);
    expect(listIdComparisons(['renderer/features/customers/customer-tab.ts'], () => "tab === 'supplierinvoices'")).toEqual(['renderer/features/customers/customer-tab.ts:1 (supplierinvoices)']);
  });
});
