// The copy's search words: a first read keeps them aside and indexes them in bulk when
// the copy becomes searchable, also when that read was killed and resumed; later reads rewrite the
// words of exactly the items that changed. What a user notices: the search box finds each invoice
// once, by its current name, never by a name it no longer has.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Invoice } from '../../../electron/common/invoices';
import { MirrorStore } from '../../../electron/mirror/storage/mirror-store';
import { listRows } from '../../../electron/mirror/queries/mirror-query';
import { invoice } from '../export/helpers';

const TODAY = '2026-11-24';
const dirs: string[] = [];
const stores: MirrorStore[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function fileIn(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'search-words-'));
  dirs.push(dir);
  return path.join(dir, 'c.sqlite');
}
function open(file: string): MirrorStore {
  const store = new MirrorStore(file);
  stores.push(store);
  return store;
}

const names = ['Åkerlunds Trä AB', 'Byggmax Norr', 'Örebro El', 'Ahlsell Syd'];
const page = (from: number, count: number, name = (n: number) => names[n % 4] as string): Invoice[] =>
  Array.from({ length: count }, (_, i) => invoice({ documentNumber: String(from + i), customerName: name(from + i), customerNumber: String(10 + ((from + i) % 4)), ocr: `9${from + i}` }));
const found = (store: MirrorStore, text: string): string[] => listRows(store, 'invoices', { limit: 500, text }, TODAY, 0, 10_000).map((row) => row.documentNumber);
const indexed = (store: MirrorStore): number => (store.db.prepare('SELECT count(*) AS n FROM invoice_words').get() as { n: number }).n;
const pending = (store: MirrorStore): number => (store.db.prepare('SELECT count(*) AS n FROM pending_words').get() as { n: number }).n;

describe('the search words of the copy', () => {
  it('a first read keeps its words aside and indexes them when it finishes: every invoice found once', () => {
    const store = open(fileIn());
    store.beginInterval('invoices', { kind: 'full', startMs: 0, lastmodified: null });
    store.savePage('invoices', page(1, 40), 1, 80);
    store.savePage('invoices', page(41, 40), 2, 80);
    expect(pending(store)).toBe(80);
    expect(indexed(store)).toBe(0);
    store.finishInterval('invoices', Date.parse(`${TODAY}T12:00:00Z`));
    expect(pending(store)).toBe(0);
    expect(indexed(store)).toBe(80);
    expect(found(store, 'örebro')).toEqual(page(1, 80).filter((i) => i.customerName === 'Örebro El').map((i) => i.documentNumber));
    expect(found(store, '941')).toEqual(['41']);
  });

  it('a first read killed after a page and resumed (that page read again) still finds every invoice once', () => {
    const file = fileIn();
    let store = open(file);
    store.beginInterval('invoices', { kind: 'full', startMs: 0, lastmodified: null });
    store.savePage('invoices', page(1, 40), 1, 80);
    store.close(); // killed: the page and its words are stored, the read is not finished
    store = open(file);
    expect(pending(store)).toBe(40);
    store.savePage('invoices', page(1, 40), 1, 80); // the resumed read starts one page early
    store.savePage('invoices', page(41, 40), 2, 80);
    store.finishInterval('invoices', Date.parse(`${TODAY}T12:00:00Z`));
    expect(indexed(store)).toBe(80);
    expect(found(store, 'ahlsell')).toHaveLength(20);
    expect(new Set(found(store, 'ab')).size).toBe(found(store, 'ab').length);
  });

  it('once the copy is searchable, a changed invoice is found by its new name only, an unchanged one stays found', () => {
    const store = open(fileIn());
    store.beginInterval('invoices', { kind: 'full', startMs: 0, lastmodified: null });
    store.savePage('invoices', page(1, 40), 1, 40);
    store.finishInterval('invoices', Date.parse(`${TODAY}T12:00:00Z`));
    // A full read again: one invoice renamed, the others as they were.
    store.beginInterval('invoices', { kind: 'full', startMs: 1, lastmodified: null });
    store.savePage('invoices', page(1, 40, (n) => (n === 4 ? 'Zetterqvist Bygg' : (names[n % 4] as string))), 1, 40);
    expect(pending(store)).toBe(0);
    store.finishInterval('invoices', Date.parse(`${TODAY}T12:00:00Z`));
    expect(found(store, 'zetterqvist')).toEqual(['4']);
    expect(found(store, 'byggmax')).toEqual(page(1, 40).filter((i) => i.customerName === 'Byggmax Norr' && i.documentNumber !== '4').map((i) => i.documentNumber));
    expect(indexed(store)).toBe(40);
  });
});

describe('the name sort of the copy', () => {
  const collator = new Intl.Collator('sv');
  const byName = (store: MirrorStore): string[] => listRows(store, 'invoices', { limit: 500, sortby: 'customername', sortorder: 'ascending' }, TODAY, 0, 10_000).map((row) => `${row.customerName}|${row.documentNumber}`);
  const expected = (items: Invoice[]): string[] =>
    [...items].sort((a, b) => collator.compare(a.customerName, b.customerName) || Number(a.documentNumber) - Number(b.documentNumber)).map((i) => `${i.customerName}|${i.documentNumber}`);

  it('stays in Swedish order when new names arrive on every page of a read and on later reads (only moved names’ rows rewritten)', () => {
    const store = open(fileIn());
    const seen: Invoice[] = [];
    const named = (from: number, list: string[]) => page(from, list.length * 3, (n) => list[n % list.length] as string);
    store.beginInterval('invoices', { kind: 'full', startMs: 0, lastmodified: null });
    // Names in reverse order, page by page: each page's names sort before every name so far.
    const pages = [['Örebro El', 'Zeta AB'], ['Östra Bygg', 'Mölndals Rör'], ['Ahlsell', 'Åkerlunds Trä'], ['Byggmax', 'ahlsell']];
    pages.forEach((list, i) => {
      const items = named(1 + i * 100, list);
      seen.push(...items);
      store.savePage('invoices', items, i + 1, 4 * 300);
    });
    store.finishInterval('invoices', Date.parse(`${TODAY}T12:00:00Z`));
    expect(byName(store)).toEqual(expected(seen));
    // An incremental read brings a name that sorts first and one between two others.
    store.beginInterval('invoices', { kind: 'incremental', startMs: 1, lastmodified: '2026-11-24 10:00:00' });
    const later = named(1000, ['Aaby Gård', 'Nilssons Fisk']);
    seen.push(...later);
    store.savePage('invoices', later, 1, later.length);
    store.finishInterval('invoices', Date.parse(`${TODAY}T12:00:00Z`));
    expect(byName(store)).toEqual(expected(seen));
  });
});
