// digest:view and digest:mark over two companies' copies: All companies merges each
// kind's counts, sums and newest events across companies, each event with its company; a later page
// is one kind's, after the last event shown, and every copy reads one page of it however deep (each
// event once, in order, where copies number theirs alike); a mark goes to the event's company and
// the sidebar's count follows; a company whose customer invoices have no copy yet has no digest.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListPage } from '../../../electron/api/list-response';
import type { CompanySummary } from '../../../electron/common/companies';
import { cursorAfter, type DigestItem } from '../../../electron/common/digest';
import type { Invoice } from '../../../electron/common/invoices';
import type { ResourceId, ResourceItems } from '../../../electron/common/resources';
import type { Clock } from '../../../electron/kernel/clock';
import { digestHandlers } from '../../../electron/digest/digest-handlers';
import { openInlineMirror, type MirrorApi } from '../../../electron/mirror/access/mirror-api';
import { syncCompany, syncResources, type PageSource } from '../../../electron/mirror/sync/sync-engine';
import { invoice } from '../export/helpers';

const dirs: string[] = [];
const mirrors: MirrorApi[] = [];
afterEach(async () => {
  for (const m of mirrors.splice(0)) await m.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const now = Date.parse('2026-06-15T10:00:00Z');
const clock: Clock = { now: () => now, sleep: () => Promise.resolve() };

async function copyWith(invoices: Invoice[]): Promise<{ mirror: MirrorApi; sync: () => Promise<unknown> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'digest-handlers-'));
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
  return { mirror, sync };
}

const company = (id: string, name: string): CompanySummary => ({ id, name, organisationNumber: '', tenantId: '', kind: 'service', status: 'connected', demo: false }) as CompanySummary;

describe('digest:view and digest:mark', () => {
  it('merge every company\'s by kind, mark one company\'s, and follow with the sidebar\'s count', async () => {
    const aInvoices = [invoice({ documentNumber: '1', total: 100, balance: 100, dueDate: '2026-07-01' })];
    const bInvoices = [invoice({ documentNumber: '1', total: 40, balance: 40, dueDate: '2026-07-01', currency: 'EUR' })];
    const a = await copyWith(aInvoices);
    const b = await copyWith(bInvoices);
    const due = '2026-07-01';
    aInvoices.push(invoice({ documentNumber: '2', total: 10, balance: 10, dueDate: due }), invoice({ documentNumber: '3', total: 20, balance: 20, dueDate: due }));
    bInvoices.push(invoice({ documentNumber: '2', total: 5, balance: 5, currency: 'EUR', dueDate: due }));
    (aInvoices[0] as Invoice).balance = 0;
    await a.sync();
    await b.sync();
    const changed: string[] = [];
    const copies: Record<string, MirrorApi> = { a: a.mirror, b: b.mirror };
    const handlers = digestHandlers({
      clock,
      companies: () => [company('a', 'Alfa AB'), company('b', 'Beta AB'), company('c', 'Ny AB'), company('d', 'Tyst AB')],
      record: (id) => {
        if (!['a', 'b', 'c', 'd'].includes(id)) throw new Error('not connected');
        return {};
      },
      // d's count taken today is 0: every company's digest does not open its copy (a firm's 300).
      mirrors: { ready: async (id) => (id === 'd' ? Promise.reject(new Error('d was opened')) : copies[id]), digestChanged: async (id) => void changed.push(id), nothingShown: (id) => id === 'd' },
    });
    const all = await handlers['digest:view'](null, { limit: 20 });
    expect(all.unseen).toBe(4);
    expect(all.lastSeq).toEqual({ a: expect.any(Number), b: expect.any(Number) }); // c has no copy yet
    const added = all.groups.find((g) => g.kind === 'invoice-new');
    expect(added).toMatchObject({ count: 3, sums: { SEK: 30, EUR: 5 } });
    expect(added?.items.map((i) => `${i.companyName}:${i.id}`).sort()).toEqual(['Alfa AB:2', 'Alfa AB:3', 'Beta AB:2']);
    expect(all.groups.find((g) => g.kind === 'invoice-paid')?.items.map((i) => i.companyId)).toEqual(['a']);
    // One kind's later page: after the second (newest first).
    const second = (await handlers['digest:view'](null, { limit: 2 })).groups.find((g) => g.kind === 'invoice-new')?.items[1] as DigestItem;
    const page = await handlers['digest:view'](null, { limit: 2, kind: 'invoice-new', after: cursorAfter(second) });
    expect(page.groups.find((g) => g.kind === 'invoice-new')?.items).toHaveLength(1);
    expect(page.groups.find((g) => g.kind === 'invoice-paid')?.items).toEqual([]);
    // Marked in its own company: b's event stays.
    const betas = added?.items.find((i) => i.companyId === 'b');
    await handlers['digest:mark']('b', { action: 'dismiss', seq: betas?.seq as number });
    expect(changed).toEqual(['b']);
    await handlers['digest:mark']('a', { action: 'seen-all', upToSeq: all.lastSeq.a as number });
    expect((await handlers['digest:view'](null, { limit: 20 })).unseen).toBe(0);
    const one = await handlers['digest:view']('b', { limit: 20 });
    expect(one).toMatchObject({ unseen: 0, groups: [] });
    await expect(handlers['digest:view']('x', { limit: 20 })).rejects.toThrow('not connected');
    // Its own digest reads its copy whatever the count says.
    await expect(handlers['digest:view']('d', { limit: 20 })).rejects.toThrow('d was opened');
  });
});

describe('digest:view, page after page', () => {
  it('All companies: each event once, newest first, every copy reading one page whatever the depth', async () => {
    // One read each (the same `at`), numbered from 1 in each copy: a's 1-30, b's 1-25 and c's 1 tie.
    const sizes: Record<string, number> = { a: 30, b: 25, c: 1 };
    const copies: Record<string, MirrorApi> = {};
    const read: number[] = [];
    for (const [id, size] of Object.entries(sizes)) {
      const invoices = [invoice({ documentNumber: '1', total: 1, balance: 1, dueDate: '2026-07-01' })];
      const copy = await copyWith(invoices);
      for (let n = 2; n <= size + 1; n += 1) invoices.push(invoice({ documentNumber: String(n), total: n, balance: n, dueDate: '2026-07-01' }));
      await copy.sync();
      // What each copy answers the merge (one kind's items), counted.
      copies[id] = { ...copy.mirror, digestView: async (today, query) => {
        const view = await copy.mirror.digestView(today, query);
        read.push(view.groups.reduce((n, group) => n + group.items.length, 0));
        return view;
      } };
    }
    const handlers = digestHandlers({
      clock,
      companies: () => [company('b', 'Beta AB'), company('a', 'Alfa AB'), company('c', 'Gamma AB')],
      record: () => ({}),
      mirrors: { ready: async (id) => copies[id], digestChanged: async () => undefined, nothingShown: () => false },
    });
    const limit = 7;
    const shown: DigestItem[] = [...((await handlers['digest:view'](null, { limit })).groups.find((g) => g.kind === 'invoice-new')?.items ?? [])];
    for (let last = shown.at(-1); last; ) {
      read.length = 0;
      const page = (await handlers['digest:view'](null, { limit, kind: 'invoice-new', after: cursorAfter(last) })).groups.find((g) => g.kind === 'invoice-new');
      expect(page?.count).toBe(56);
      expect(page?.items.length).toBeLessThanOrEqual(limit);
      expect(Math.max(...read)).toBeLessThanOrEqual(limit);
      shown.push(...(page?.items ?? []));
      last = page?.items.at(-1);
    }
    // Newest first: the higher seq first, and of one seq the companies in the order of their ids.
    const expected = Array.from({ length: 30 }, (_, i) => 30 - i).flatMap((seq) => ['a', 'b', 'c'].filter((id) => seq <= (sizes[id] as number)).map((id) => `${id}:${seq}`));
    expect(shown.map((item) => `${item.companyId}:${item.seq}`)).toEqual(expected);
    // One company's pages, from its own last event shown, the same way.
    const mine: DigestItem[] = [];
    for (let last: DigestItem | undefined, more = true; more; ) {
      const items = (await handlers['digest:view']('b', { limit, kind: 'invoice-new', ...(last ? { after: cursorAfter(last) } : {}) })).groups[0]?.items ?? [];
      mine.push(...items);
      last = items.at(-1);
      more = items.length > 0;
    }
    expect(mine.map((item) => item.seq)).toEqual(Array.from({ length: 25 }, (_, i) => 25 - i));
  });
});
