// Changes to supplier invoices, as a sync sees them: the control API's update/add/delete stamp the
// service clock's now, `lastmodified` (three formats, Swedish time) finds exactly those, the list
// hook fires per page with its filter, and the same works over the HTTP control routes.

import { steadyServiceTime } from '../../support/service-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../electron/sandbox';
import { company, tokenFor } from './helpers';
import { givenNumbers, readAllSupplierPages, SUPPLIER_SCOPES, supplierInvoices } from './supplier-helpers';

let sandbox: Sandbox;
let token: string;
let tenantId: string;

beforeAll(async () => {
  // A steady clock (a morning), so nothing generated for "today" lies ahead of the service's now.
  sandbox = await startSandbox({ seed: 'supplier-changes', today: '2026-01-20', largeInvoiceCount: 100, rateLimits: false, controlRoutes: true, now: steadyServiceTime() });
  token = tokenFor(sandbox, 'small', SUPPLIER_SCOPES);
  tenantId = company(sandbox, 'small').tenantId;
});
afterAll(() => sandbox.close());

/** The service clock's now as Swedish wall-clock text 'YYYY-MM-DD HH:mm:ss' (CET in January: UTC+1). */
function swedishText(ms: number): string {
  return new Date(ms + 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

describe('lastmodified and the control API', () => {
  it('pay, approve, set payment pending, add and delete: each stamps now; lastmodified finds exactly those', async () => {
    sandbox.control.advanceClock(60_000);
    const before = sandbox.control.supplierInvoicesOf(tenantId);
    const stampMs = Math.max(...before.map((r) => Date.parse(r.LastModified))) + 1000;
    const pending = before.find((r) => r.AuthorizePending && !r.Cancelled);
    const open = before.find((r) => !r.Cancelled && r.Balance > 0 && !r.PaymentPending && !r.AuthorizePending && r.Booked);
    const paid = before.find((r) => r.Balance === 0 && !r.Cancelled);
    if (!pending || !open || !paid) throw new Error('the generated data lacks a case');

    sandbox.control.updateSupplierInvoice(tenantId, pending.GivenNumber, { AuthorizePending: false, AuthorizerName: 'Åsa Öberg' });
    sandbox.control.updateSupplierInvoice(tenantId, open.GivenNumber, { PaymentPending: true });
    const added = sandbox.control.addSupplierInvoice(tenantId, { Total: -450, SupplierName: 'Nytt Leverantörsnamn AB', AuthorizePending: true });
    expect(added).toBe(String(before.length + 1));
    const after = sandbox.control.supplierInvoicesOf(tenantId);
    const changed = after.filter((r) => Date.parse(r.LastModified) >= stampMs);
    expect(givenNumbers(changed).sort((a, b) => Number(a) - Number(b))).toEqual([pending.GivenNumber, open.GivenNumber, added].sort((a, b) => Number(a) - Number(b)));
    const addedRecord = after.find((r) => r.GivenNumber === added);
    expect(addedRecord).toMatchObject({ Total: -450, Balance: -450, Booked: false, FinalPayDate: '', Scan: null, AuthorizePending: true });

    // The checkpoint as a client takes it: the Date header's second, in Swedish wall-clock time.
    const since = swedishText(Math.floor(stampMs / 1000) * 1000 - 1000);
    for (const lastmodified of [since, since.slice(0, 16)]) {
      const sinceMs = Date.parse(`${lastmodified.replace(' ', 'T')}${lastmodified.length === 16 ? ':00' : ''}+01:00`);
      const items = await readAllSupplierPages(sandbox, token, { lastmodified });
      expect(givenNumbers(items), lastmodified).toEqual(after.filter((r) => Date.parse(r.LastModified) >= sinceMs).map((r) => r.GivenNumber));
      expect(givenNumbers(items), lastmodified).toEqual(expect.arrayContaining([pending.GivenNumber, open.GivenNumber, added]));
    }
    const byDate = await readAllSupplierPages(sandbox, token, { lastmodified: '2026-01-20' });
    expect(givenNumbers(byDate)).toEqual(after.filter((r) => Date.parse(r.LastModified) >= Date.parse('2026-01-19T23:00:00Z')).map((r) => r.GivenNumber));

    // The filters follow at once.
    expect(givenNumbers(await readAllSupplierPages(sandbox, token, { filter: 'pendingpayment' }))).toContain(open.GivenNumber);
    expect(givenNumbers(await readAllSupplierPages(sandbox, token, { filter: 'authorizepending' }))).not.toContain(pending.GivenNumber);

    // Paying it: balance 0, a final pay date, no payment pending.
    sandbox.control.updateSupplierInvoice(tenantId, open.GivenNumber, { Balance: 0, FinalPayDate: '2026-01-20', PaymentPending: false });
    expect(givenNumbers(await readAllSupplierPages(sandbox, token, { filter: 'fullypaid' }))).toContain(open.GivenNumber);

    // Deleting: an unbooked one only.
    sandbox.control.deleteSupplierInvoice(tenantId, added);
    expect(sandbox.control.supplierInvoicesOf(tenantId).map((r) => r.GivenNumber)).not.toContain(added);
    expect(() => sandbox.control.deleteSupplierInvoice(tenantId, paid.GivenNumber)).toThrow(/booked/);
    expect(() => sandbox.control.updateSupplierInvoice(tenantId, '99999', {})).toThrow(/no supplier invoice/);
    expect(company(sandbox, 'small').supplierInvoices).toBe(before.length);
  });

  it('onSupplierInvoiceListServed fires after each page with its tenant, page and filter', async () => {
    const calls: Array<[string, number, string | null]> = [];
    sandbox.control.onSupplierInvoiceListServed((tenant, page, filter) => calls.push([tenant, page, filter]));
    await readAllSupplierPages(sandbox, token, { limit: 50 });
    await supplierInvoices(sandbox, token, { filter: 'authorizepending' });
    sandbox.control.onSupplierInvoiceListServed(null);
    await supplierInvoices(sandbox, token);
    expect(calls).toEqual([[tenantId, 1, null], [tenantId, 2, null], [tenantId, 3, null], [tenantId, 1, 'authorizepending']]);
  });

  it('the HTTP control routes: list, add, patch, delete', async () => {
    const origin = new URL(sandbox.apiUrl).origin;
    const call = async (method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> => {
      const res = await fetch(`${origin}/sandbox/companies/${tenantId}/supplierinvoices${path}`, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    };
    const listed = await call('GET', '');
    expect(listed.body).toEqual(sandbox.control.supplierInvoicesOf(tenantId));
    const added = (await call('POST', '', { Total: 1250, Currency: 'EUR', CurrencyRate: '11.2' })).body as { GivenNumber: string };
    expect((await call('PATCH', `/${added.GivenNumber}`, { PaymentPending: true, Booked: true })).status).toBe(200);
    expect(sandbox.control.supplierInvoicesOf(tenantId).find((r) => r.GivenNumber === added.GivenNumber)).toMatchObject({ PaymentPending: true, Booked: true, Currency: 'EUR' });
    expect((await call('PATCH', `/${added.GivenNumber}`, { GivenNumber: '7' })).status).toBe(400);
    expect((await call('DELETE', `/${added.GivenNumber}`)).body).toMatchObject({ error: expect.stringMatching(/booked/) });
    await call('PATCH', `/${added.GivenNumber}`, { Booked: false });
    expect((await call('DELETE', `/${added.GivenNumber}`)).status).toBe(200);
  });
});
