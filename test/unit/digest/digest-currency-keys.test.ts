// The digest's sums per currency when the service names a currency like a property of
// Object.prototype: each is a sum of its own in one company's digest, in All companies' merge and in
// a sync's notification; none of them is lost or reaches Object.prototype.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListPage } from '../../../electron/api/list-response';
import type { CompanySummary } from '../../../electron/common/companies';
import { defaultNotificationSettings, notificationText } from '../../../electron/common/digest';
import type { Invoice } from '../../../electron/common/invoices';
import type { ResourceId, ResourceItems } from '../../../electron/common/resources';
import type { Clock } from '../../../electron/kernel/clock';
import { digestHandlers } from '../../../electron/digest/digest-handlers';
import { openInlineMirror, type MirrorApi } from '../../../electron/mirror/access/mirror-api';
import { syncCompany, syncResources, type PageSource } from '../../../electron/mirror/sync/sync-engine';
import { invoice } from '../export/helpers';

const dirs: string[] = [];
const mirrors: MirrorApi[] = [];
const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
afterEach(async () => {
  for (const m of mirrors.splice(0)) await m.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
});

const now = Date.parse('2026-06-15T10:00:00Z');
const clock: Clock = { now: () => now, sleep: () => Promise.resolve() };
const HOSTILE = ['__proto__', 'toString', 'constructor'];

/** A copy of `invoices` read once (the digest's baseline); `sync` reads them again. */
async function copyWith(invoices: Invoice[]): Promise<{ mirror: MirrorApi; sync: () => Promise<unknown> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'digest-currency-keys-'));
  dirs.push(dir);
  const mirror = openInlineMirror(path.join(dir, 'c.sqlite'));
  mirrors.push(mirror);
  const source: PageSource = {
    listPages<R extends ResourceId>(resource: R): AsyncIterable<ListPage<ResourceItems[R]>> {
      return {
        async *[Symbol.asyncIterator]() {
          const all = (resource === 'invoices' ? invoices : []) as ResourceItems[R][];
          yield { items: all, currentPage: 1, totalPages: 1, totalResources: all.length, serviceTime: now };
        },
      };
    },
  };
  const sync = () => syncCompany({ resource: syncResources.invoices, mirror, source, clock, mode: 'full', priority: 'sync' });
  await sync();
  await mirror.noteDateEvents('2026-06-15');
  await mirror.takeNews(true);
  return { mirror, sync };
}

/** Invoices in each hostile currency and SEK, owed; `paid` pays them in full. */
function owed(): { invoices: Invoice[]; paid: () => void } {
  const invoices = [...HOSTILE, 'SEK'].map((currency, i) => invoice({ documentNumber: String(i + 1), currency, total: 100 * (i + 1), balance: 100 * (i + 1), dueDate: '2026-07-01' }));
  return { invoices, paid: () => invoices.forEach((i) => Object.assign(i, { balance: 0, finalPayDate: '2026-06-15' })) };
}

/** A table's own entries in code order, as a plain object (a `__proto__` literal key would set the prototype instead). */
const sumsOf = (sums: Record<string, number> | undefined) => Object.fromEntries(Object.entries(sums ?? {}).sort(([a], [b]) => (a < b ? -1 : 1)));
/** What the invoices of `owed` add up to in `companies` companies. */
const expected = (companies: number) => sumsOf(Object.fromEntries([...HOSTILE, 'SEK'].map((currency, i) => [currency, 100 * (i + 1) * companies])));

describe('the digest\'s sums, currencies named like prototype properties', () => {
  it('one company\'s digest and its sync\'s notification sum each currency apart', async () => {
    const world = owed();
    const { mirror, sync } = await copyWith(world.invoices);
    world.paid();
    await sync();
    const news = await mirror.takeNews(true);
    expect(news.map((t) => [t.kind, t.count])).toEqual([['invoice-paid', 4]]);
    expect(Object.hasOwn(news[0]!.sums, '__proto__')).toBe(true);
    expect(sumsOf(news[0]?.sums)).toEqual(expected(1));
    const text = notificationText('Proto AB', news, defaultNotificationSettings, 'en');
    // Every sum is there; a code that is not three capital letters is shown as ¤ in a notification.
    expect(text).toBe('Proto AB: 4 payments, SEK 400, ¤ 100, ¤ 300, ¤ 200');

    const view = await mirror.digestView('2026-06-15', { limit: 10 });
    const group = view.groups.find((g) => g.kind === 'invoice-paid');
    expect(group?.count).toBe(4);
    expect(Object.hasOwn(group!.sums, '__proto__')).toBe(true);
    expect(sumsOf(group?.sums)).toEqual(expected(1));
  });

  it('All companies adds each currency across companies, from answers that crossed a thread', async () => {
    const a = owed();
    const b = owed();
    const copies: Record<string, { mirror: MirrorApi; sync: () => Promise<unknown> }> = { a: await copyWith(a.invoices), b: await copyWith(b.invoices) };
    a.paid();
    b.paid();
    for (const copy of Object.values(copies)) await copy.sync();
    // What a worker's answer is on arrival: a structured clone, plain objects again.
    const cloned = (mirror: MirrorApi): MirrorApi => ({ ...mirror, digestView: async (...args: Parameters<MirrorApi['digestView']>) => structuredClone(await mirror.digestView(...args)) }) as MirrorApi;
    const company = (id: string): CompanySummary => ({ id, name: id, organisationNumber: '', tenantId: '', kind: 'service', status: 'connected', demo: false }) as CompanySummary;
    const handlers = digestHandlers({
      clock,
      companies: () => [company('a'), company('b')],
      record: () => ({}),
      mirrors: { ready: async (id) => cloned(copies[id]!.mirror), digestChanged: async () => undefined, nothingShown: () => false },
    });
    const all = await handlers['digest:view'](null, { limit: 20 });
    const paid = all.groups.find((g) => g.kind === 'invoice-paid');
    expect(paid?.count).toBe(8);
    expect(Object.hasOwn(paid!.sums, '__proto__')).toBe(true);
    expect(sumsOf(paid?.sums)).toEqual(expected(2));
    expect(JSON.stringify(paid?.sums)).toContain('"__proto__":200');
  });
});
