// The scans (file connections and the archive), the three scopes of the supplier side (each
// refusal HTTP 400 with code 2000663), and the token's rate limit shared with the invoices.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, type SandboxSupplierInvoice } from '../../../electron/sandbox';
import { company, errorInfo, getJson, invoices, tokenFor } from './helpers';
import { query, SUPPLIER_SCOPES, supplierInvoices } from './supplier-helpers';

let sandbox: Sandbox;
let token: string;
let records: SandboxSupplierInvoice[];

interface Connection {
  FileId: string;
  Name: string;
  SupplierInvoiceNumber: string;
  SupplierName: string;
}
interface Connections {
  MetaInformation: Record<string, number>;
  SupplierInvoiceFileConnections: Connection[];
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'supplier-files', today: '2026-06-15', largeInvoiceCount: 100, rateLimits: false });
  token = tokenFor(sandbox, 'small', SUPPLIER_SCOPES);
  records = sandbox.control.supplierInvoicesOf(company(sandbox, 'small').tenantId);
});
afterAll(() => sandbox.close());

const connections = (params: Record<string, string | number> = {}, bearer = token): ReturnType<typeof getJson<Connections>> =>
  getJson<Connections>(`${sandbox.apiUrl}/3/supplierinvoicefileconnections${query(params)}`, bearer);

const MAGIC: Record<string, number[]> = {
  'application/pdf': [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff],
};

describe('file connections and the archive', () => {
  it('list every scan in SupplierInvoiceNumber (GivenNumber) order; most invoices have one, some none', async () => {
    const res = await connections({ limit: 500 });
    expect(res.status).toBe(200);
    const withScan = records.filter((r) => r.Scan !== null);
    expect(withScan.length).toBeGreaterThan(records.length / 2);
    expect(withScan.length).toBeLessThan(records.length);
    expect(res.body.MetaInformation).toEqual({ '@TotalResources': withScan.length, '@TotalPages': 1, '@CurrentPage': 1 });
    expect(res.body.SupplierInvoiceFileConnections).toEqual(
      withScan.map((r) => ({ FileId: r.Scan?.FileId, Name: r.Scan?.Name, SupplierInvoiceNumber: r.GivenNumber, SupplierName: r.SupplierName })),
    );
    const types = new Set(withScan.map((r) => r.Scan?.ContentType));
    expect([...types].sort()).toEqual(['application/pdf', 'image/jpeg', 'image/png']);
  });

  it('supplierinvoicenumber is a substring search: a client keeps the exact match', async () => {
    const target = records.find((r) => r.Scan !== null && r.GivenNumber.length === 1) as SandboxSupplierInvoice;
    const found = (await connections({ supplierinvoicenumber: target.GivenNumber })).body.SupplierInvoiceFileConnections;
    expect(found.map((c) => c.SupplierInvoiceNumber)).toEqual(records.filter((r) => r.Scan && r.GivenNumber.includes(target.GivenNumber)).map((r) => r.GivenNumber));
    expect(found.filter((c) => c.SupplierInvoiceNumber === target.GivenNumber)).toEqual([expect.objectContaining({ FileId: target.Scan?.FileId })]);
    const none = await connections({ supplierinvoicenumber: 'x' });
    expect(none.body).toEqual({ MetaInformation: { '@TotalResources': 0, '@TotalPages': 0, '@CurrentPage': 1 }, SupplierInvoiceFileConnections: [] });
  });

  it('the archive serves each type with its Content-Type and magic numbers, the same bytes each time', async () => {
    for (const type of Object.keys(MAGIC)) {
      const record = records.find((r) => r.Scan?.ContentType === type) as SandboxSupplierInvoice;
      const url = `${sandbox.apiUrl}/3/archive/${record.Scan?.FileId}`;
      const res = await fetch(url, { headers: { Authorization: `Bearer ${token}`, Accept: '*/*' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect([...bytes.subarray(0, MAGIC[type]?.length)]).toEqual(MAGIC[type]);
      expect(bytes.length).toBeGreaterThan(200);
      expect(bytes.length).toBeLessThan(20_000);
      if (type === 'application/pdf') {
        expect(bytes.subarray(-6).toString('latin1')).toMatch(/%%EOF\n$/);
        expect(bytes.toString('latin1')).toContain(`(${record.InvoiceNumber})`);
      }
      if (type === 'image/png') expect(bytes.subarray(-8, -4).toString('latin1')).toBe('IEND');
      if (type === 'image/jpeg') expect([...bytes.subarray(-2)]).toEqual([0xff, 0xd9]);
      const again = Buffer.from(await (await fetch(url, { headers: { Authorization: `Bearer ${token}` } })).arrayBuffer());
      expect(again.equals(bytes)).toBe(true);
    }
  });

  it('an unknown FileId: 404 code 2000434; a scan of another company is not found either', async () => {
    const res = await getJson(`${sandbox.apiUrl}/3/archive/00000000-0000-4000-8000-000000000000`, token);
    expect(res.status).toBe(404);
    expect(errorInfo(res.body).code).toBe(2000434);
    const foreign = sandbox.control.supplierInvoicesOf(company(sandbox, 'large').tenantId).find((r) => r.Scan !== null);
    expect((await getJson(`${sandbox.apiUrl}/3/archive/${foreign?.Scan?.FileId}`, token)).status).toBe(404);
  });
});

describe('control.setSupplierScan: a scan of a test\'s choosing', () => {
  const tenant = (): string => company(sandbox, 'small').tenantId;
  const archive = (fileId: string): Promise<Response> => fetch(`${sandbox.apiUrl}/3/archive/${fileId}`, { headers: { Authorization: `Bearer ${token}` } });
  const connectionOf = async (givenNumber: string): Promise<Connection | undefined> =>
    (await connections({ limit: 500 })).body.SupplierInvoiceFileConnections.find((c) => c.SupplierInvoiceNumber === givenNumber);

  it('a TIFF: served as image/tiff, a little-endian TIFF of the page (read here from its own header and IFD)', async () => {
    const target = records.find((r) => r.Scan === null) as SandboxSupplierInvoice;
    const before = sandbox.control.supplierInvoicesOf(tenant()).find((r) => r.GivenNumber === target.GivenNumber)?.LastModified;
    const scan = sandbox.control.setSupplierScan(tenant(), target.GivenNumber, { ContentType: 'image/tiff' });
    expect(scan).toMatchObject({ ContentType: 'image/tiff', Name: 'scan.tif' });
    expect(scan?.FileId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await connectionOf(target.GivenNumber)).toEqual({ FileId: scan?.FileId, Name: 'scan.tif', SupplierInvoiceNumber: target.GivenNumber, SupplierName: target.SupplierName });
    // A file connection is not a field of the invoice: its last-modified time stays.
    expect(sandbox.control.supplierInvoicesOf(tenant()).find((r) => r.GivenNumber === target.GivenNumber)?.LastModified).toBe(before);
    const res = await archive(scan?.FileId as string);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/tiff');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('II*\0');
    const ifd = bytes.readUInt32LE(4);
    const tags = new Map<number, number>();
    for (let i = 0; i < bytes.readUInt16LE(ifd); i += 1) {
      const entry = ifd + 2 + i * 12;
      const type = bytes.readUInt16LE(entry + 2);
      tags.set(bytes.readUInt16LE(entry), type === 3 ? bytes.readUInt16LE(entry + 8) : bytes.readUInt32LE(entry + 8));
    }
    // Width, height, 8 bits, no compression, grey (black is zero), one strip of every pixel.
    expect([tags.get(256), tags.get(257), tags.get(258), tags.get(259), tags.get(262), tags.get(279)]).toEqual([240, 320, 8, 1, 1, 240 * 320]);
    expect(bytes.length).toBeGreaterThanOrEqual((tags.get(273) as number) + 240 * 320);
    sandbox.control.setSupplierScan(tenant(), target.GivenNumber, null);
  });

  it('a size: the file padded to it (over the app\'s 20 MB cap); any FileId, listed as it is; null takes the scan away', async () => {
    const [big, odd] = records.filter((r) => r.Scan !== null && r.Scan.ContentType === 'application/pdf') as [SandboxSupplierInvoice, SandboxSupplierInvoice];
    const size = 21 * 1024 * 1024;
    const scan = sandbox.control.setSupplierScan(tenant(), big.GivenNumber, { ContentType: 'application/pdf', FileId: 'big-scan', Size: size });
    expect(scan).toEqual({ FileId: 'big-scan', Name: 'scan.pdf', ContentType: 'application/pdf', Size: size });
    const bytes = Buffer.from(await (await archive('big-scan')).arrayBuffer());
    expect(bytes.length).toBe(size);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The old file is gone with the old connection.
    expect((await archive(big.Scan?.FileId as string)).status).toBe(404);

    sandbox.control.setSupplierScan(tenant(), odd.GivenNumber, { ContentType: 'image/png', FileId: '../invoices/1/print', Name: 'x.png' });
    expect((await connectionOf(odd.GivenNumber))?.FileId).toBe('../invoices/1/print');
    expect(() => sandbox.control.setSupplierScan(tenant(), odd.GivenNumber, { ContentType: 'image/png', FileId: 'big-scan' })).toThrow(/already/);
    expect(() => sandbox.control.setSupplierScan(tenant(), big.GivenNumber, { ContentType: 'image/png', Size: 65 * 1024 * 1024 })).toThrow(/64 MB/);

    expect(sandbox.control.setSupplierScan(tenant(), big.GivenNumber, null)).toBeNull();
    expect(await connectionOf(big.GivenNumber)).toBeUndefined();
    expect((await archive('big-scan')).status).toBe(404);
    expect(() => sandbox.control.setSupplierScan(tenant(), '999999', null)).toThrow(/no supplier invoice/);
    // Back as generated (the same FileId, name and type give the same bytes), for the tests below.
    for (const record of [big, odd]) sandbox.control.setSupplierScan(tenant(), record.GivenNumber, record.Scan);
    expect((await archive(big.Scan?.FileId as string)).status).toBe(200);
  });
});

describe('scopes: every refusal is HTTP 400 with code 2000663', () => {
  const fileId = (): string => records.find((r) => r.Scan !== null)?.Scan?.FileId ?? '';
  const paths: Array<[string, () => string]> = [
    ['supplierinvoice', () => '/3/supplierinvoices'],
    ['supplierinvoice', () => '/3/supplierinvoices/1'],
    ['connectfile', () => '/3/supplierinvoicefileconnections'],
    ['archive', () => `/3/archive/${fileId()}`],
  ];
  it.each(paths)('%s is needed for %s', async (scope, path) => {
    const without = tokenFor(sandbox, 'small', ['invoice', 'companyinformation', ...SUPPLIER_SCOPES.filter((s) => s !== scope)]);
    const refused = await getJson(`${sandbox.apiUrl}${path()}`, without);
    expect(refused.status).toBe(400);
    expect(errorInfo(refused.body)).toMatchObject({ error: 1, code: 2000663, casing: 'lower' });
    expect((await fetch(`${sandbox.apiUrl}${path()}`, { headers: { Authorization: `Bearer ${tokenFor(sandbox, 'small', [scope])}` } })).status).toBe(200);
  });

  it('the `supplier` scope alone is not enough; the licence error comes first', async () => {
    expect(errorInfo((await supplierInvoices(sandbox, tokenFor(sandbox, 'small', ['supplier']))).body).code).toBe(2000663);
    const unlicensed = await supplierInvoices(sandbox, tokenFor(sandbox, 'unlicensed', SUPPLIER_SCOPES));
    expect(errorInfo(unlicensed.body).code).toBe(2001103);
  });

  it('client credentials of a demo service account reach the supplier side', async () => {
    const res = await fetch(`${sandbox.authUrl}/oauth-v1/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${sandbox.clientId}:${sandbox.clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        TenantId: company(sandbox, 'small').tenantId,
      },
      body: 'grant_type=client_credentials',
    });
    const { access_token: accessToken, scope } = (await res.json()) as { access_token: string; scope: string };
    expect(scope.split(' ')).toEqual(expect.arrayContaining([...SUPPLIER_SCOPES]));
    expect((await supplierInvoices(sandbox, accessToken)).status).toBe(200);
    expect((await connections({}, accessToken)).status).toBe(200);
  });
});

describe('the rate limit', () => {
  it('one token\'s 25 per 5 s are shared by invoices, supplier invoices, file connections and the archive', async () => {
    sandbox.control.setRateLimits({});
    const shared = tokenFor(sandbox, 'small', ['invoice', ...SUPPLIER_SCOPES]);
    const calls = Array.from({ length: 26 }, (_, i) => {
      const path = ['/3/invoices?limit=1', '/3/supplierinvoices?limit=1', '/3/supplierinvoicefileconnections?limit=1', '/3/supplierinvoices/1'][i % 4];
      return fetch(`${sandbox.apiUrl}${path}`, { headers: { Authorization: `Bearer ${shared}` } }).then((res) => res.status);
    });
    const statuses = await Promise.all(calls);
    expect(statuses.filter((s) => s === 200)).toHaveLength(25);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    expect((await invoices(sandbox, shared)).status).toBe(429);
    const counters = sandbox.control.counters();
    expect(counters.byRoute['supplierinvoices']).toBeGreaterThan(0);
    expect(counters.supplierInvoiceEndpoints.list + counters.supplierInvoiceEndpoints.get).toBe(counters.byRoute['supplierinvoices']);
  });
});
