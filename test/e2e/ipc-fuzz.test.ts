/** Every IPC channel answers invalid input with a typed error, and the app keeps working. */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchApp, type LaunchedApp } from '../harness/launch-app';

const knownKinds = ['invalid-input', 'bad-request', 'not-found', 'forbidden'];

describe('IPC fuzzing', () => {
  let app: LaunchedApp;
  beforeAll(async () => {
    app = await launchApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers every malformed call on every channel with a typed error', async () => {
    const replies = await app.page.evaluate(async () => {
      const api = (window as unknown as { invoiceDesk: Record<string, Record<string, (...a: unknown[]) => Promise<unknown>>> }).invoiceDesk;
      const huge = 'x'.repeat(200_000);
      const polluted = JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}');
      const deep: Record<string, unknown> = {};
      let cursor = deep;
      for (let i = 0; i < 500; i += 1) cursor = (cursor.next = {}) as Record<string, unknown>;
      const badArgLists: unknown[][] = [
        [huge],
        [polluted, polluted, polluted],
        [1, 2, 3, 4, 5, 6],
        [deep, deep, deep, deep],
        [NaN, -1, Infinity, null, undefined, true],
        [['../../etc/passwd'], { filePath: '/etc/passwd' }, 'interactive', 'x', 'y'],
        [{ page: -1, limit: 10_000, sortby: 'password' }, { page: 0 }, 'root', 7],
      ];
      const out: Array<{ method: string; args: number; reply: unknown }> = [];
      for (const [namespace, methods] of Object.entries(api)) {
        if (namespace === 'events') continue;
        for (const [name, fn] of Object.entries(methods)) {
          for (const [index, args] of badArgLists.entries()) {
            out.push({ method: `${namespace}.${name}`, args: index, reply: await fn(...args) });
          }
        }
      }
      return { out, polluted: ({} as Record<string, unknown>).polluted ?? null };
    });
    expect(replies.out.length).toBeGreaterThan(100);
    for (const { method, args, reply } of replies.out) {
      const r = reply as { ok: boolean; error?: { kind: string; message: string } };
      expect(r.ok, `${method} with bad argument list ${args}`).toBe(false);
      expect(knownKinds, `${method} #${args}: ${r.error?.kind}`).toContain(r.error?.kind);
      expect(typeof r.error?.message).toBe('string');
    }
    expect(replies.polluted).toBeNull();
    // Still working: the bridge, the handlers and the page.
    const info = await app.page.evaluate(() => (window as unknown as { invoiceDesk: { app: { getInfo: () => Promise<unknown> } } }).invoiceDesk.app.getInfo());
    expect(info).toMatchObject({ ok: true });
    await app.page.getByRole('button', { name: 'Prova demoföretaget' }).waitFor();
    expect(app.logs.filter((line) => line.includes('[main:error]'))).toEqual([]);
  });

  it("refuses on lists:* an unknown list, the other list's query, an unknown field and a bad type, naming the argument", async () => {
    const replies = await app.page.evaluate(async () => {
      const lists = (window as unknown as { invoiceDesk: { lists: Record<string, (...a: unknown[]) => Promise<unknown>> } }).invoiceDesk.lists;
      const customer = { page: 1, limit: 25, customer: '5' };
      const supplier = { page: 1, limit: 25, supplier: '18' };
      const calls: Array<[string, unknown[]]> = [
        ['page', ['payments', 'c1', customer, 'interactive']],
        ['page', ['invoices', 'c1', supplier, 'interactive']],
        ['page', ['supplierinvoices', 'c1', customer, 'interactive']],
        ['page', ['invoices', 'c1', { ...customer, password: 'x' }, 'interactive']],
        ['page', ['supplierinvoices', 'c1', { ...supplier, limit: '25' }, 'interactive']],
        ['getView', ['Invoices', 'c1']],
        ['getView', ['supplierinvoices', 42]],
        ['saveView', ['supplierInvoices', 'c1', { limit: 25, columns: [] }]],
        ['saveView', ['invoices', 'c1', { limit: 25, columns: ['supplierName'] }]],
        ['saveView', ['supplierinvoices', 'c1', { limit: 25, columns: [], customer: '5' }]],
        ['saveView', ['invoices', 'c1', { limit: 'all', columns: [] }]],
        ['cancel', [{ requestId: 'r1' }]],
      ];
      const out: unknown[] = [];
      for (const [method, args] of calls) out.push(await lists[method]!(...args));
      return out;
    });
    const arguments_ = ['0', '2', '2', '2', '2.limit', '0', '1', '0', '2.columns.0', '2', '2.limit', '0'];
    replies.forEach((reply, index) => expect(reply, `call ${index}`).toMatchObject({ ok: false, error: { kind: 'invalid-input', message: expect.stringContaining(`(argument ${arguments_[index]})`) } }));
  });

  it('refuses a sync of a company that is not connected, and opens no copy for it', async () => {
    const replies = await app.page.evaluate(async () => {
      const api = (window as unknown as { invoiceDesk: { sync: { now: (id: string, options: { full: boolean }) => Promise<unknown> } } }).invoiceDesk;
      const out: unknown[] = [];
      for (let i = 0; i < 25; i += 1) out.push(await api.sync.now(`x${i}`, { full: false }));
      return out;
    });
    for (const reply of replies) expect(reply).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
    const copies = path.join(app.userDataDir, 'local-copies');
    expect(existsSync(copies) ? readdirSync(copies) : []).toEqual([]);
  });
});
