// Resource calls: Bearer authentication, scopes, the licence error, /3/companyinformation, the
// shape of an invoice item, and the single-invoice route behind each item's @url.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../electron/sandbox';
import { company, errorInfo, getJson, invoices, tokenFor } from './helpers';

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 1000 });
});
afterAll(() => sandbox.close());

describe('401 unauthorized', () => {
  it.each([
    ['no Authorization header', undefined],
    ['an unknown token', 'not-a-token'],
  ])('for %s, with the body {"message":"unauthorized"}', async (_name, token) => {
    for (const path of ['/3/invoices', '/3/companyinformation', '/3/invoices/1']) {
      const res = await getJson(`${sandbox.apiUrl}${path}`, token);
      expect(res.status).toBe(401);
      expect(res.text).toBe('{"message":"unauthorized"}');
    }
  });

  it('for a malformed Authorization header', async () => {
    const res = await fetch(`${sandbox.apiUrl}/3/invoices`, { headers: { Authorization: `Basic ${tokenFor(sandbox, 'small')}` } });
    expect(res.status).toBe(401);
  });

  it('for an expired token', async () => {
    const token = tokenFor(sandbox, 'small');
    expect((await invoices(sandbox, token)).status).toBe(200);
    sandbox.control.advanceClock(3600_000);
    const res = await invoices(sandbox, token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'unauthorized' });
  });
});

// HTTP 400 with code 2000663, as the real service has been seen to answer (not 403; docs/service.md, Errors by code).
describe('400 code 2000663 without the scope', () => {
  it('invoices need the invoice scope', async () => {
    const res = await invoices(sandbox, tokenFor(sandbox, 'small', ['companyinformation']));
    expect(res.status).toBe(400);
    expect(errorInfo(res.body)).toMatchObject({ error: 1, code: 2000663 });
  });

  it('companyinformation needs the companyinformation scope', async () => {
    const res = await getJson(`${sandbox.apiUrl}/3/companyinformation`, tokenFor(sandbox, 'small', ['invoice']));
    expect(res.status).toBe(400);
    expect(errorInfo(res.body).code).toBe(2000663);
  });
});

describe('the licence error', () => {
  it('is 400 with code 2001103 and the licence message by default', async () => {
    const token = tokenFor(sandbox, 'unlicensed');
    for (const path of ['/3/invoices', '/3/companyinformation']) {
      const res = await getJson(`${sandbox.apiUrl}${path}`, token);
      expect(res.status).toBe(400);
      expect(errorInfo(res.body)).toMatchObject({ code: 2001103, message: 'Resource owner does not have enough licenses' });
    }
  });

  it('follows setLicensed both ways', async () => {
    const small = company(sandbox, 'small');
    const token = tokenFor(sandbox, 'small');
    sandbox.control.setLicensed(small.tenantId, false);
    expect(small.licensed).toBe(false);
    expect(errorInfo((await invoices(sandbox, token)).body).code).toBe(2001103);
    sandbox.control.setLicensed(small.tenantId, true);
    expect((await invoices(sandbox, token)).status).toBe(200);
  });

  it('uses the configured status (401) with the same body', async () => {
    const other = await startSandbox({ largeInvoiceCount: 10, licenceErrorStatus: 401 });
    try {
      const res = await invoices(other, tokenFor(other, 'unlicensed'));
      expect(res.status).toBe(401);
      expect(errorInfo(res.body)).toMatchObject({ code: 2001103, message: 'Resource owner does not have enough licenses' });
    } finally {
      await other.close();
    }
  });
});

describe('GET /3/companyinformation', () => {
  it('answers the company with its tenant id as DatabaseNumber, keys in order', async () => {
    const small = company(sandbox, 'small');
    const res = await getJson<{ CompanyInformation: Record<string, unknown> }>(`${sandbox.apiUrl}/3/companyinformation`, tokenFor(sandbox, 'small'));
    expect(res.status).toBe(200);
    const info = res.body.CompanyInformation;
    expect(Object.keys(info)).toEqual([
      'Address', 'City', 'CountryCode', 'DatabaseNumber', 'CompanyName', 'OrganizationNumber',
      'VisitAddress', 'VisitCity', 'VisitCountryCode', 'VisitZipCode', 'ZipCode',
    ]);
    expect(info).toMatchObject({ CompanyName: small.name, DatabaseNumber: Number(small.tenantId), OrganizationNumber: small.organisationNumber, CountryCode: 'SE' });
    expect(info['OrganizationNumber']).toMatch(/^556\d{3}-\d{4}$/);
  });
});

describe('invoice items', () => {
  it('have the fields the real service sends, in order, with their JSON types', async () => {
    const res = await invoices(sandbox, tokenFor(sandbox, 'small'), { limit: 500 });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['MetaInformation', 'Invoices']);
    const expectedKeys = [
      '@url', 'Balance', 'Booked', 'Cancelled', 'CostCenter', 'Currency', 'CurrencyRate', 'CurrencyUnit', 'CustomerName',
      'CustomerNumber', 'DocumentNumber', 'DueDate', 'ExternalInvoiceReference1', 'ExternalInvoiceReference2', 'InvoiceDate',
      'InvoiceType', 'NoxFinans', 'OCR', 'VoucherNumber', 'VoucherSeries', 'VoucherYear', 'WayOfDelivery', 'TermsOfPayment',
      'Project', 'Sent', 'Total', 'FinalPayDate',
    ];
    for (const item of res.body.Invoices) {
      expect(Object.keys(item)).toEqual(expectedKeys);
      expect(item['@url']).toBe(`${sandbox.apiUrl}/3/invoices/${item.DocumentNumber}`);
      for (const key of ['DocumentNumber', 'CustomerNumber', 'CurrencyRate', 'TermsOfPayment', 'OCR', 'CustomerName', 'CostCenter', 'Project'] as const) {
        expect(typeof item[key]).toBe('string');
      }
      for (const key of ['Balance', 'Total', 'CurrencyUnit'] as const) expect(typeof item[key]).toBe('number');
      for (const key of ['Booked', 'Cancelled', 'NoxFinans', 'Sent'] as const) expect(typeof item[key]).toBe('boolean');
      expect(item.DocumentNumber).toMatch(/^\d+$/);
      expect(item.InvoiceDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (item.Booked) {
        expect(typeof item.VoucherNumber).toBe('number');
        expect(typeof item.VoucherSeries).toBe('string');
        expect(typeof item.VoucherYear).toBe('number');
      } else {
        expect([item.VoucherNumber, item.VoucherSeries, item.VoucherYear]).toEqual([null, null, null]);
      }
      if (item.FinalPayDate !== null) expect(item.Balance).toBe(0);
    }
  });

  it('GET @url returns the one invoice (its list fields unchanged); an unknown number is 404 code 2000434', async () => {
    const token = tokenFor(sandbox, 'small');
    const list = await invoices(sandbox, token, { limit: 1 });
    const item = list.body.Invoices[0];
    const one = await getJson<{ Invoice: unknown }>(item?.['@url'] ?? '', token);
    expect(one.status).toBe(200);
    // The rows, amounts and addresses come on top: invoice-details.test.ts.
    expect(one.body.Invoice).toMatchObject(item ?? {});
    const missing = await getJson(`${sandbox.apiUrl}/3/invoices/999999`, token);
    expect(missing.status).toBe(404);
    expect(errorInfo(missing.body).code).toBe(2000434);
  });
});

describe('routing', () => {
  it('keeps {auth_url} and {base_url} apart and answers 404 elsewhere', async () => {
    const token = tokenFor(sandbox, 'small');
    expect((await getJson(`${sandbox.authUrl}/3/invoices`, token)).status).toBe(404);
    expect((await getJson(`${sandbox.apiUrl}/oauth-v1/token`)).status).toBe(404);
    expect((await getJson(`${sandbox.apiUrl}/2/invoices`, token)).status).toBe(404);
  });

  it('answers 405 for a wrong method', async () => {
    expect((await fetch(`${sandbox.apiUrl}/3/invoices`, { method: 'POST' })).status).toBe(405);
    expect((await fetch(`${sandbox.authUrl}/oauth-v1/token`)).status).toBe(405);
  });

  it('binds 127.0.0.1 only and keeps the control routes off by default', async () => {
    expect(new URL(sandbox.apiUrl).hostname).toBe('127.0.0.1');
    expect(new URL(sandbox.authUrl).origin).toBe(new URL(sandbox.apiUrl).origin);
    expect((await getJson(`${new URL(sandbox.apiUrl).origin}/sandbox/counters`)).status).toBe(404);
  });
});
