import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listEndpoints } from '../../../electron/api/list-endpoints';
import { skimPageNumbers } from '../../../electron/api/list-response';
import { ApiError } from '../../../electron/kernel/errors';
import { openInlineMirror, type MirrorApi } from '../../../electron/mirror/access/mirror-api';
import { wireInvoice } from '../api/helpers';

// A page stored from its text in the copy's thread (page-text.ts) is the page the main thread
// would have parsed: the same items kept, the same oddities told, the same numbers for paging.
let dir: string;
const opened: MirrorApi[] = [];
const open = async (name: string): Promise<MirrorApi> => {
  const mirror = openInlineMirror(path.join(dir, `${name}.sqlite`));
  opened.push(mirror);
  await mirror.beginInterval('invoices', { kind: 'full', startMs: 0, lastmodified: null });
  return mirror;
};
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'page-text-'));
});
afterEach(async () => {
  for (const mirror of opened.splice(0)) await mirror.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const body = {
  MetaInformation: { '@TotalResources': 1203, '@TotalPages': 3, '@CurrentPage': 2 },
  // The second has an unreadable Total (an empty cell, counted); the third has no DocumentNumber (dropped).
  Invoices: [wireInvoice(501), wireInvoice(502, { Total: 'twelve' }), wireInvoice(503, { DocumentNumber: null }), wireInvoice(504, { CurrencyRate: '10,5' })],
};

describe('a list page stored from its text', () => {
  it('stores what savePage stores from the parsed page, and tells its oddities', async () => {
    const fromText = await open('text');
    const fromItems = await open('items');
    const text = JSON.stringify(body);
    const saved = await fromText.savePageText('invoices', text);
    const parsed = listEndpoints.invoices.parse(JSON.parse(text));
    await fromItems.savePage('invoices', parsed.items, parsed.currentPage, parsed.totalResources);
    expect(saved).toEqual({ items: 3, oddity: { items: 4, dropped: 1, fields: 1, byField: { Total: 1 } } });
    const rows = (mirror: MirrorApi) => mirror.listRows('invoices', { limit: 500, sortby: 'documentnumber', sortorder: 'ascending' }, '2026-11-28', 0, 100);
    const stored = await rows(fromText);
    expect(stored.map((row) => row.documentNumber)).toEqual(['501', '502', '504']);
    expect(stored).toEqual(await rows(fromItems));
  });

  it('the main thread reads the numbers alone, and refuses a body the parser refuses with the same error', () => {
    expect(listEndpoints.invoices.numbers(body)).toEqual({ currentPage: 2, totalPages: 3, totalResources: 1203 });
    expect(listEndpoints.invoices.numbers({ Invoices: [wireInvoice(1)] })).toEqual({ currentPage: 1, totalPages: 1, totalResources: 1 });
    const refusal = (read: () => unknown): ApiError => {
      try {
        read();
      } catch (error) {
        return error as ApiError;
      }
      throw new Error('accepted');
    };
    for (const bad of [{ MetaInformation: body.MetaInformation }, 'Invoices', null]) {
      const numbers = refusal(() => listEndpoints.invoices.numbers(bad));
      expect(numbers).toBeInstanceOf(ApiError);
      expect(numbers.kind).toBe('unavailable');
      expect(numbers.message).toBe(refusal(() => listEndpoints.invoices.parse(bad)).message);
    }
  });

  it('the main thread skims the numbers from the text when they are plainly there, the same numbers the parser reads', () => {
    const numbers = { currentPage: 2, totalPages: 3, totalResources: 1203 };
    const meta = body.MetaInformation;
    const plain: string[] = [
      JSON.stringify(body),
      JSON.stringify(body, null, 2),
      // The numbers last, as text, as the service may send them.
      JSON.stringify({ Invoices: body.Invoices, MetaInformation: { '@CurrentPage': '2', '@TotalPages': '3', '@TotalResources': '1203' } }),
      // The key's words inside an item's text are escaped: they are not the key.
      JSON.stringify({ MetaInformation: meta, Invoices: [wireInvoice(1, { Comments: '"MetaInformation":{"@TotalPages":99}' })] }),
    ];
    for (const text of plain) {
      expect(skimPageNumbers(text)).toEqual(numbers);
      expect(skimPageNumbers(text)).toEqual(listEndpoints.invoices.numbers(JSON.parse(text)));
    }
    const unclear: string[] = [
      JSON.stringify({ Invoices: body.Invoices }),
      JSON.stringify({ MetaInformation: { '@TotalPages': 3, '@CurrentPage': 2 }, Invoices: [] }),
      JSON.stringify({ MetaInformation: meta, Invoices: [{ ...wireInvoice(1), MetaInformation: meta }] }),
      JSON.stringify({ MetaInformation: { ...meta, '@Extra': { nested: 1 } }, Invoices: [] }),
      JSON.stringify({ MetaInformation: null, Invoices: [] }),
      JSON.stringify([{ MetaInformation: meta }]),
      `<html>"MetaInformation": {"@TotalResources": 1, "@TotalPages": 1, "@CurrentPage": 1}</html>`,
      '',
    ];
    for (const text of unclear) expect(skimPageNumbers(text), text.slice(0, 80)).toBeUndefined();
  });

  it('refuses a page whose numbers are not those the main thread pages by, and stores nothing of it', async () => {
    const mirror = await open('numbers');
    const text = JSON.stringify(body);
    await expect(mirror.savePageText('invoices', text, { currentPage: 2, totalPages: 4, totalResources: 1203 })).rejects.toMatchObject({ kind: 'unavailable', retryable: false });
    await expect(mirror.savePageText('invoices', '{"MetaInformation": {"@TotalResources": 1, "@TotalPages": 1, "@CurrentPage": 1}, "Invoices": [', { currentPage: 1, totalPages: 1, totalResources: 1 })).rejects.toMatchObject({ kind: 'unavailable' });
    expect((await mirror.summary('invoices')).rows).toBe(0);
    expect(await mirror.savePageText('invoices', text, { currentPage: 2, totalPages: 3, totalResources: 1203 })).toMatchObject({ items: 3 });
  });
});
