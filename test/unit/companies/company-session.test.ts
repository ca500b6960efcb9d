import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../../electron/kernel/clock';
import type { ListPage } from '../../../electron/api/list-response';
import type { Invoice } from '../../../electron/common/invoices';
import { createMemoryVault } from '../../../electron/auth/secret-vault';
import type { TokenClient } from '../../../electron/auth/token-client';
import { createTokenManager } from '../../../electron/auth/token-manager';
import { createCompanySession } from '../../../electron/companies/company-session';
import { createFakeFetch, json, wirePage, type FakeHandler } from '../api/helpers';

type InvoicePage = ListPage<Invoice>;

const HOUR = 3_600_000;

function setup(handler: FakeHandler) {
  const clock = createFakeClock(0);
  const tokenClient: TokenClient = {
    exchangeCode: async () => ({ accessToken: 'x', expiresAt: HOUR, scopes: [] }),
    refresh: async () => ({ accessToken: 'at-2', refreshToken: 'rt-2', expiresAt: clock.now() + HOUR, scopes: ['invoice'] }),
    clientCredentials: async () => ({ accessToken: 'svc', expiresAt: HOUR, scopes: [] }),
    revoke: async () => undefined,
  };
  const tokenManager = createTokenManager({
    grant: { kind: 'refresh-token', vaultKey: 'k' },
    tokenClient,
    vault: createMemoryVault(),
    clock,
    initial: { accessToken: 'at-1', refreshToken: 'rt-1', expiresAt: HOUR, scopes: ['invoice'] },
  });
  const fake = createFakeFetch(handler);
  const session = createCompanySession({ apiUrl: 'https://api.example', tokenManager, clock, fetch: fake.fetch, clientOptions: { random: () => 0 } });
  return { clock, fake, session };
}

function pageHandler(total: number): FakeHandler {
  return (call) => {
    const page = Number(call.url.searchParams.get('page') ?? '1');
    const limit = Number(call.url.searchParams.get('limit') ?? '100');
    return json(200, wirePage(page, limit, total));
  };
}

async function collect(clock: ReturnType<typeof createFakeClock>, iterable: AsyncIterable<InvoicePage>): Promise<InvoicePage[]> {
  const pages: InvoicePage[] = [];
  const run = (async () => {
    for await (const page of iterable) pages.push(page);
  })();
  const settled = run.then(
    () => undefined,
    (error: unknown) => error,
  );
  await clock.runAll(10 * 60_000);
  const error = await settled;
  if (error) throw error;
  return pages;
}

describe('company session', () => {
  it('reads every page in order, each invoice once', async () => {
    const { clock, fake, session } = setup(pageHandler(1234));
    const pages = await collect(clock, session.listPages('invoices', { limit: 100, sortby: 'documentnumber' }, { priority: 'export' }));
    expect(pages.map((p) => p.currentPage)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    const numbers = pages.flatMap((p) => p.items.map((i) => Number(i.documentNumber)));
    expect(numbers).toEqual(Array.from({ length: 1234 }, (_, i) => i + 1));
    expect(fake.calls).toHaveLength(13);
    expect(fake.calls[0]?.url.search).toBe('?page=1&limit=100&sortby=documentnumber');
  });

  it('stops after an empty result (@TotalPages 0) and after a response without MetaInformation', async () => {
    const empty = setup(() => json(200, { MetaInformation: { '@TotalResources': 0, '@TotalPages': 0, '@CurrentPage': 1 }, Invoices: [] }));
    const pages = await collect(empty.clock, empty.session.listPages('invoices', {}, { priority: 'interactive' }));
    expect(pages).toHaveLength(1);
    expect(empty.fake.calls).toHaveLength(1);
    const bare = setup(() => json(200, { Invoices: [] }));
    expect(await collect(bare.clock, bare.session.listPages('invoices', {}, { priority: 'interactive' }))).toHaveLength(1);
    expect(bare.fake.calls).toHaveLength(1);
  });

  it('reads explicit pages in the given order', async () => {
    const { clock, session } = setup(pageHandler(1000));
    const pages = await collect(clock, session.listPages('invoices', { limit: 100 }, { priority: 'export', pages: [3, 1, 7] }));
    expect(pages.map((p) => p.currentPage)).toEqual([3, 1, 7]);
  });

  it('refuses an invalid query before sending anything', async () => {
    const { clock, fake, session } = setup(pageHandler(10));
    await expect(session.listPage('invoices', { limit: 1000 }, { priority: 'interactive' })).rejects.toMatchObject({ kind: 'bad-request', field: 'limit' });
    await expect(collect(clock, session.listPages('invoices', { sortby: 'amount' }, { priority: 'export' }))).rejects.toMatchObject({ field: 'sortby' });
    await expect(collect(clock, session.listPages('invoices', {}, { priority: 'export', pages: [0] }))).rejects.toMatchObject({ field: 'pages' });
    expect(fake.calls).toHaveLength(0);
  });

  it('a failing page ends the iteration with its error after the pages before it', async () => {
    const { clock, session } = setup((call) => {
      const page = Number(call.url.searchParams.get('page'));
      return page === 3 ? json(400, { ErrorInformation: { error: 1, message: 'Ogiltig parameter', code: 2000588 } }) : json(200, wirePage(page, 10, 100));
    });
    const seen: number[] = [];
    const run = (async () => {
      for await (const page of session.listPages('invoices', { limit: 10 }, { priority: 'export' })) seen.push(page.currentPage);
    })().catch((e: unknown) => e);
    await clock.runAll(60_000);
    expect(await run).toMatchObject({ kind: 'bad-request', serviceCode: 2000588 });
    expect(seen).toEqual([1, 2]);
  });

  it('breaking out cancels the read-ahead', async () => {
    const { clock, fake, session } = setup(pageHandler(10_000));
    const run = (async () => {
      for await (const page of session.listPages('invoices', { limit: 10 }, { priority: 'export', lookahead: 3 })) {
        if (page.currentPage === 2) break;
      }
    })();
    await clock.runAll(60_000);
    await run;
    const sent = fake.calls.length;
    await clock.runAll(60_000);
    expect(fake.calls.length).toBe(sent);
    expect(sent).toBeLessThanOrEqual(5);
    expect(session.limiter.stats().queued.export).toBe(0);
  });

  it('company information maps the service fields', async () => {
    const { clock, session } = setup(() =>
      json(200, { CompanyInformation: { Address: 'Gatan 1', City: 'Växjö', CountryCode: 'SE', DatabaseNumber: 123456, CompanyName: 'Demo AB', OrganizationNumber: '556677-8899', Extra: true } }),
    );
    const p = session.companyInformation();
    await clock.runAll(1000);
    expect(await p).toEqual({ name: 'Demo AB', organisationNumber: '556677-8899', tenantId: '123456', address: 'Gatan 1', city: 'Växjö', countryCode: 'SE' });
  });

  it("a scan's connection on a later page of the substring search is found; a number with none reads every page once, a list without page numbers once", async () => {
    // The service finds "12" in 112, 120 ... 1299 too, in an order of its own: 12's connection is
    // on the third page of 500 here.
    const matching = ['112', ...Array.from({ length: 1100 }, (_, i) => String(1200 + i)), '12'];
    const { clock, fake, session } = setup((call) => {
      const page = Number(call.url.searchParams.get('page'));
      const limit = Number(call.url.searchParams.get('limit'));
      const items = matching.slice((page - 1) * limit, page * limit).map((n) => ({ FileId: `f-${n}`, Name: `${n}.pdf`, SupplierInvoiceNumber: n }));
      return json(200, { MetaInformation: { '@TotalResources': matching.length, '@TotalPages': Math.ceil(matching.length / limit), '@CurrentPage': page }, SupplierInvoiceFileConnections: items });
    });
    const found = session.scanConnections('12', { priority: 'interactive' });
    await clock.runAll(60_000);
    expect(await found).toEqual([{ fileId: 'f-12', name: '12.pdf' }]);
    expect(fake.calls.map((c) => c.url.searchParams.get('page'))).toEqual(['1', '2', '3']);
    expect(fake.calls.every((c) => c.url.searchParams.get('supplierinvoicenumber') === '12' && c.url.searchParams.get('limit') === '500')).toBe(true);

    const none = session.scanConnections('99', { priority: 'interactive' });
    await clock.runAll(60_000);
    expect(await none).toEqual([]);
    expect(fake.calls).toHaveLength(6);

    const bare = setup(() => json(200, { SupplierInvoiceFileConnections: [{ FileId: 'f-7', SupplierInvoiceNumber: '17' }] }));
    const missing = bare.session.scanConnections('7', { priority: 'interactive' });
    await bare.clock.runAll(60_000);
    expect(await missing).toEqual([]);
    expect(bare.fake.calls).toHaveLength(1);
  });

  it('close cancels waiting requests', async () => {
    const { clock, session } = setup(() => new Promise<Response>(() => undefined));
    const p = session.listPage('invoices', {}, { priority: 'interactive' }).catch((e: unknown) => e);
    await clock.advance(1);
    session.close();
    expect(await p).toMatchObject({ kind: 'cancelled' });
  });

  it('two sessions share nothing: one company\'s queue does not delay another', async () => {
    const a = setup(pageHandler(100_000));
    const b = setup(pageHandler(10));
    void collect(a.clock, a.session.listPages('invoices', { limit: 10 }, { priority: 'export', pages: Array.from({ length: 50 }, (_, i) => i + 1) })).catch(() => undefined);
    const page = b.session.listPage('invoices', {}, { priority: 'export' });
    await b.clock.advance(1);
    await expect(page).resolves.toMatchObject({ currentPage: 1 });
    a.session.close();
  });
});
