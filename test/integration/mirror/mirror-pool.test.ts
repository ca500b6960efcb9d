// The local copies' pool of worker threads (mirror-pool.ts) with the built worker
// (dist-electron/mirror-worker.cjs, made by `npm run build`): twelve companies' copies in two
// threads, each copy its own data; a copy that cannot be opened fails alone; closing frees them.
import { existsSync, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../electron/kernel/errors';
import { createMirrorPool } from '../../../electron/mirror/access/mirror-pool';
import { invoice } from '../../unit/export/helpers';

const WORKER = path.resolve('dist-electron/mirror-worker.cjs');
let dir: string;
beforeAll(async () => {
  if (!existsSync(WORKER)) throw new Error(`${WORKER} is missing: run npm run build first (npm test does)`);
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mirror-pool-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('the pool of the local copies', () => {
  it('serves twelve copies from two threads, each with its own invoices', async () => {
    const pool = createMirrorPool(WORKER, 2);
    const copies = Array.from({ length: 12 }, (_, i) => pool.open(path.join(dir, `c${i}.sqlite`)));
    await Promise.all(
      copies.map(async (copy, i) => {
        await copy.beginInterval('invoices', { kind: 'full', startMs: 0, lastmodified: null });
        await copy.savePage('invoices', Array.from({ length: i + 1 }, (_, n) => invoice({ documentNumber: String(n + 1) })), 1, i + 1);
        await copy.finishInterval('invoices', Date.now());
      }),
    );
    expect(pool.stats()).toEqual({ workers: 2, copies: 12 });
    expect(await Promise.all(copies.map(async (copy) => (await copy.summary('invoices')).rows))).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    await Promise.all(copies.slice(0, 5).map((copy) => copy.close()));
    expect(pool.stats()).toEqual({ workers: 2, copies: 7 });
    await expect(copies[0]?.summary('invoices')).rejects.toThrow(/closed/);
    // Reopened in a new handle, the copy still holds what it stored.
    const again = pool.open(path.join(dir, 'c0.sqlite'));
    expect((await again.summary('invoices')).rows).toBe(1);
    await pool.close();
    expect(pool.stats()).toEqual({ workers: 0, copies: 0 });
  });

  it('a list page the worker refuses comes back as the service error it is, not as a fault of the copy', async () => {
    const pool = createMirrorPool(WORKER, 1);
    const copy = pool.open(path.join(dir, 'refused.sqlite'));
    await copy.beginInterval('invoices', { kind: 'full', startMs: 0, lastmodified: null });
    const refusal = await copy.savePageText('invoices', JSON.stringify({ MetaInformation: { '@TotalResources': 1, '@TotalPages': 1, '@CurrentPage': 1 } })).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ kind: 'unavailable', retryable: false, message: expect.stringMatching(/invoice list the app cannot read/) });
    await pool.close();
  });

  it('the thread refuses a message naming no method of the copy (a prototype\'s name) with that name, and serves the copy after', async () => {
    const worker = new Worker(WORKER);
    const replies = new Map<number, unknown>();
    const waiting = new Map<number, () => void>();
    worker.on('message', (reply: { id: number }) => {
      replies.set(reply.id, reply);
      waiting.get(reply.id)?.();
    });
    const ask = (id: number, method: string, args: unknown[]) =>
      new Promise<unknown>((resolve) => {
        waiting.set(id, () => resolve(replies.get(id)));
        worker.postMessage({ id, copy: 1, method, args });
      });
    try {
      expect(await ask(1, 'open', [path.join(dir, 'asked.sqlite')])).toEqual({ id: 1, result: undefined });
      expect(await ask(2, 'constructor', ['invoices'])).toEqual({ id: 2, error: { name: 'Error', message: 'Unknown method constructor' } });
      expect(await ask(3, '__proto__', [])).toEqual({ id: 3, error: { name: 'Error', message: 'Unknown method __proto__' } });
      expect(await ask(4, 'summary', ['invoices'])).toMatchObject({ id: 4, result: { rows: 0 } });
    } finally {
      await worker.terminate();
    }
  });

  it('a copy that cannot be opened fails alone; the thread serves the others', async () => {
    const pool = createMirrorPool(WORKER, 1);
    const bad = path.join(dir, 'bad.sqlite');
    await fs.writeFile(bad, 'not a database '.repeat(100));
    const good = pool.open(path.join(dir, 'good.sqlite'));
    const broken = pool.open(bad);
    await expect(broken.summary('invoices')).rejects.toThrow();
    expect((await good.summary('invoices')).rows).toBe(0);
    expect(pool.stats()).toEqual({ workers: 1, copies: 1 });
    await pool.close();
  });

  it('the company on screen goes before a queue of background writes: it waits for one call at most', async () => {
    const pool = createMirrorPool(WORKER, 1);
    const background = pool.open(path.join(dir, 'busy.sqlite'));
    let onScreen = false;
    const shown = pool.open(path.join(dir, 'shown.sqlite'), () => onScreen);
    await shown.summary('invoices'); // opened (while not urgent: its open waited its turn)
    const order: string[] = [];
    await background.beginInterval('invoices', { kind: 'full', startMs: 0, lastmodified: null });
    const writes = Array.from({ length: 20 }, (_, page) =>
      background.savePage('invoices', Array.from({ length: 500 }, (_, n) => invoice({ documentNumber: String(page * 500 + n + 1) })), page + 1, 20).then(() => order.push(`write ${page}`)),
    );
    onScreen = true;
    const read = shown.summary('invoices').then(() => order.push('on screen'));
    await Promise.all([...writes, read]);
    // The write under way when it asked, then it: not behind the other nineteen.
    expect(order.indexOf('on screen')).toBeLessThanOrEqual(1);
    expect(order.filter((step) => step.startsWith('write'))).toEqual(Array.from({ length: 20 }, (_, page) => `write ${page}`));
    await pool.close();
  });

  it('a closed copy asked on screen waits for its open and the write under way, not for another write let in between', async () => {
    const pool = createMirrorPool(WORKER, 1);
    const background = pool.open(path.join(dir, 'busy-again.sqlite'));
    const shown = pool.open(path.join(dir, 'closed.sqlite'), () => true);
    await background.beginInterval('invoices', { kind: 'full', startMs: 0, lastmodified: null });
    const order: string[] = [];
    const writes = Array.from({ length: 10 }, (_, page) =>
      background.savePage('invoices', Array.from({ length: 500 }, (_, n) => invoice({ documentNumber: String(page * 500 + n + 1) })), page + 1, 10).then(() => order.push(`write ${page}`)),
    );
    await new Promise((resolve) => setTimeout(resolve, 0)); // the first write under way, the rest queued
    // Its first call opens it: the call is queued behind the open, so the thread takes no write in between.
    const read = shown.summary('invoices').then(() => order.push('on screen'));
    await Promise.all([...writes, read]);
    expect(order.indexOf('on screen')).toBe(1);
    await pool.close();
  });

  it('a copy\'s calls keep their order when it comes on screen: its waiting writes go first with it', async () => {
    const pool = createMirrorPool(WORKER, 1);
    const other = pool.open(path.join(dir, 'other.sqlite'));
    let onScreen = false;
    const copy = pool.open(path.join(dir, 'ordered.sqlite'), () => onScreen);
    await Promise.all([other.summary('invoices'), copy.summary('invoices')]);
    await other.beginInterval('invoices', { kind: 'full', startMs: 0, lastmodified: null });
    await copy.beginInterval('invoices', { kind: 'full', startMs: 0, lastmodified: null });
    const busy = Array.from({ length: 5 }, (_, page) => other.savePage('invoices', Array.from({ length: 500 }, (_, n) => invoice({ documentNumber: String(page * 500 + n + 1) })), page + 1, 5));
    // Queued behind the other copy's writes while not on screen, then read once on screen.
    const written = copy.savePage('invoices', [invoice({ documentNumber: '1' }), invoice({ documentNumber: '2' })], 1, 1);
    onScreen = true;
    const read = copy.summary('invoices');
    await Promise.all([...busy, written]);
    expect((await read).rows).toBe(2);
    await pool.close();
  });

  it('the grid\'s page of the company on screen goes before its headline\'s figures asked first, not before its own write', async () => {
    const pool = createMirrorPool(WORKER, 1);
    const background = pool.open(path.join(dir, 'busy-page.sqlite'));
    const shown = pool.open(path.join(dir, 'shown-page.sqlite'), () => true);
    await Promise.all([background.summary('invoices'), shown.summary('invoices')]);
    await background.beginInterval('invoices', { kind: 'full', startMs: 0, lastmodified: null });
    await shown.beginInterval('invoices', { kind: 'full', startMs: 0, lastmodified: null });
    const order: string[] = [];
    // The thread busy with a background write: everything after it waits in the queue.
    const busy = background.savePage('invoices', Array.from({ length: 2000 }, (_, n) => invoice({ documentNumber: String(n + 1) })), 1, 1).then(() => order.push('background'));
    const today = '2026-11-28';
    const asked = [
      shown.receivables(today).then(() => order.push('receivables')),
      shown.savePage('invoices', [invoice({ documentNumber: '1' }), invoice({ documentNumber: '2' })], 1, 1).then(() => order.push('write')),
      shown.daysOutstanding(today, { dso: false, dpo: false }).then(() => order.push('days')),
      shown.summary('invoices').then(() => order.push('summary')),
    ];
    const page = shown.listPage('invoices', { page: 1, limit: 50 }, today).then((answer) => {
      order.push('page');
      return answer;
    });
    await Promise.all([busy, ...asked, page]);
    // Behind the call under way, the reads asked before the write and the write; before the reads after it.
    expect(order).toEqual(['background', 'receivables', 'write', 'page', 'days', 'summary']);
    expect((await page).rows.map((row) => row.documentNumber).sort()).toEqual(['1', '2']);
    await pool.close();
  });
});
