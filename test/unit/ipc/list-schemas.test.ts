/** lists:* take the list's id first: each list's own arguments, and a refusal of anything else, naming the argument. */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ViewStateOf } from '../../../electron/common/lists/grid-types';
import type { InvoiceDeskApi, InvoicePageView, Result, SupplierInvoicePageView } from '../../../electron/ipc/contract';
import { invokeSchemas } from '../../../electron/ipc/schemas';

const customerQuery = { page: 1, limit: 25, sortby: 'customername', customer: '5' };
const supplierQuery = { page: 1, limit: 25, sortby: 'suppliername', supplier: '18' };
const customerView = { limit: 25, columns: ['documentNumber'], customer: '5' };
const supplierView = { limit: 25, columns: ['supplierName'], supplier: '18' };

/** The first issue's path, as the handlers name it (`argument 2.limit`). */
function refusal(channel: 'lists:page' | 'lists:getView' | 'lists:views' | 'lists:saveView' | 'lists:cancel', args: unknown[]) {
  const parsed = invokeSchemas[channel].safeParse(args);
  expect(parsed.success, `${channel} ${JSON.stringify(args)}`).toBe(false);
  return parsed.error?.issues[0]?.path.join('.');
}

describe('lists:* arguments', () => {
  it("accept each list's own arguments", () => {
    expect(invokeSchemas['lists:page'].safeParse(['invoices', 'c1', customerQuery, 'interactive', 'r1']).data).toEqual(['invoices', 'c1', customerQuery, 'interactive', 'r1']);
    expect(invokeSchemas['lists:page'].safeParse(['supplierinvoices', 'c1', supplierQuery, 'prefetch']).success).toBe(true);
    expect(invokeSchemas['lists:getView'].safeParse(['invoices', 'c1']).success).toBe(true);
    expect(invokeSchemas['lists:getView'].safeParse(['supplierinvoices', 'c1']).success).toBe(true);
    expect(invokeSchemas['lists:views'].safeParse(['customers']).success).toBe(true);
    expect(invokeSchemas['lists:views'].safeParse(['customers', 'c1']).success).toBe(false);
    expect(invokeSchemas['lists:saveView'].safeParse(['invoices', 'c1', customerView]).success).toBe(true);
    expect(invokeSchemas['lists:saveView'].safeParse(['supplierinvoices', 'c1', supplierView]).success).toBe(true);
    expect(invokeSchemas['lists:cancel'].safeParse(['r1']).success).toBe(true);
  });

  it('take the customer register\'s own query and view, and refuse dates and currencies it does not have', () => {
    const registerQuery = { page: 1, limit: 50, sortby: 'owed', sortorder: 'descending', filter: 'withoverdue', text: 'örebro' };
    expect(invokeSchemas['lists:page'].safeParse(['customers', 'c1', registerQuery, 'interactive']).success).toBe(true);
    expect(invokeSchemas['lists:saveView'].safeParse(['customers', 'c1', { limit: 50, columns: ['name', 'owed'], filter: 'active' }]).success).toBe(true);
    for (const extra of [{ fromdate: '2026-01-01' }, { toduedate: '2026-01-01' }, { currency: 'SEK' }, { customer: '5' }, { sortby: 'duedate' }, { filter: 'unpaid' }]) {
      expect(refusal('lists:page', ['customers', 'c1', { ...registerQuery, ...extra }, 'interactive']), JSON.stringify(extra)).toMatch(/^2/);
    }
    expect(refusal('lists:saveView', ['customers', 'c1', { limit: 50, columns: ['name'], dateRange: { preset: 'thisyear' } }])).toMatch(/^2/);
    expect(refusal('lists:saveView', ['customers', 'c1', { limit: 50, columns: ['documentNumber'] }])).toMatch(/^2/);
  });

  it('take a payment list\'s query (no filters: a filter is refused)', () => {
    expect(invokeSchemas['lists:page'].safeParse(['invoicepayments', 'c1', { page: 1, limit: 100, invoice: '12', sortby: 'paymentdate', sortorder: 'ascending' }, 'interactive']).success).toBe(true);
    expect(invokeSchemas['lists:page'].safeParse(['supplierinvoicepayments', 'c1', { page: 1, limit: 100, search: { field: 'invoicenumber', value: '12' } }, 'interactive']).success).toBe(true);
    expect(refusal('lists:page', ['invoicepayments', 'c1', { page: 1, limit: 100, filter: 'unpaid' }, 'interactive'])).toBe('2.filter');
  });

  it('refuse a list that does not exist, as argument 0', () => {
    for (const resource of ['payments', 'Customers', 'Invoices', 'supplierInvoices', '', 7, null, undefined, ['invoices'], { resource: 'invoices' }]) {
      expect(refusal('lists:page', [resource, 'c1', customerQuery, 'interactive'])).toBe('0');
      expect(refusal('lists:getView', [resource, 'c1'])).toBe('0');
      expect(refusal('lists:views', [resource])).toBe('0');
      expect(refusal('lists:saveView', [resource, 'c1', customerView])).toBe('0');
    }
    expect(refusal('lists:page', [])).toBe('0');
  });

  it("refuse the other list's query and view", () => {
    expect(refusal('lists:page', ['invoices', 'c1', supplierQuery, 'interactive'])).toMatch(/^2\./);
    expect(refusal('lists:page', ['supplierinvoices', 'c1', customerQuery, 'interactive'])).toMatch(/^2\./);
    expect(refusal('lists:saveView', ['invoices', 'c1', supplierView])).toMatch(/^2\./);
    expect(refusal('lists:saveView', ['supplierinvoices', 'c1', customerView])).toMatch(/^2\./);
    // A field both lists know, with a value only the other has.
    expect(refusal('lists:page', ['invoices', 'c1', { page: 1, limit: 25, filter: 'authorizepending' }, 'interactive'])).toBe('2.filter');
    expect(refusal('lists:page', ['supplierinvoices', 'c1', { page: 1, limit: 25, search: { field: 'customername', value: 'A' } }, 'interactive'])).toBe('2.search.field');
    expect(refusal('lists:page', ['invoices', 'c1', { page: 1, limit: 25, search: { field: 'suppliernumber', value: '1' } }, 'interactive'])).toBe('2.search.field');
  });

  it('refuse an unknown field', () => {
    expect(refusal('lists:page', ['invoices', 'c1', { ...customerQuery, password: 'x' }, 'interactive'])).toBe('2');
    expect(refusal('lists:page', ['supplierinvoices', 'c1', { ...supplierQuery, customer: '5' }, 'interactive'])).toBe('2');
    expect(refusal('lists:saveView', ['invoices', 'c1', { ...customerView, __proto__x: 1 }])).toBe('2');
    expect(refusal('lists:saveView', ['supplierinvoices', 'c1', { ...supplierView, scope: 'owed', customer: '5' }])).toMatch(/^2/);
  });

  it('refuse a bad type or value, and extra or missing arguments', () => {
    for (const resource of ['invoices', 'supplierinvoices'] as const) {
      const query = resource === 'invoices' ? customerQuery : supplierQuery;
      const view = resource === 'invoices' ? customerView : supplierView;
      expect(refusal('lists:page', [resource, 42, query, 'interactive'])).toBe('1');
      expect(refusal('lists:page', [resource, '', query, 'interactive'])).toBe('1');
      expect(refusal('lists:page', [resource, 'c1', { ...query, limit: 10_000 }, 'interactive'])).toBe('2.limit');
      expect(refusal('lists:page', [resource, 'c1', { ...query, page: '1' }, 'interactive'])).toBe('2.page');
      expect(refusal('lists:page', [resource, 'c1', { ...query, fromdate: '1/1/2025' }, 'interactive'])).toBe('2.fromdate');
      expect(refusal('lists:page', [resource, 'c1', query, 'root'])).toBe('3');
      expect(refusal('lists:page', [resource, 'c1', query, 'interactive', 7])).toBe('4');
      expect(refusal('lists:page', [resource, 'c1', query, 'interactive', 'r1', 'extra'])).toBeDefined();
      expect(refusal('lists:page', [resource, 'c1', query])).toBeDefined();
      expect(refusal('lists:getView', [resource, 'x'.repeat(101)])).toBe('1');
      expect(refusal('lists:getView', [resource, 'c1', 'extra'])).toBeDefined();
      expect(refusal('lists:saveView', [resource, 'c1', { ...view, limit: 0 }])).toBe('2.limit');
      expect(refusal('lists:saveView', [resource, 'c1', { ...view, columns: ['password'] }])).toBe('2.columns.0');
      expect(refusal('lists:saveView', [resource, 'c1', null])).toBe('2');
    }
    expect(refusal('lists:cancel', [42])).toBe('0');
    expect(refusal('lists:cancel', ['x'.repeat(101)])).toBe('0');
    expect(refusal('lists:cancel', [])).toBeDefined();
    for (const channel of ['lists:page', 'lists:getView', 'lists:saveView'] as const) expect(refusal(channel, 'invoices' as never)).toBeDefined();
  });

  it("types each list's arguments and results as that list's own (the window's overloads)", () => {
    type Lists = InvoiceDeskApi['lists'];
    const _typed = (lists: Lists) => {
      // @ts-expect-error a customer invoice query has no supplier
      void lists.page('invoices', 'c1', { page: 1, limit: 25, supplier: '18' }, 'interactive');
      // @ts-expect-error a supplier view has no customer columns
      void lists.saveView('supplierinvoices', 'c1', { limit: 25, columns: ['documentNumber'] });
      // @ts-expect-error no such list
      void lists.getView('payments', 'c1');
      return [lists.page('supplierinvoices', 'c1', { page: 1, limit: 25 }, 'prefetch'), lists.getView('invoices', 'c1'), lists.getView('supplierinvoices', 'c1'), lists.page('invoices', 'c1', { page: 1, limit: 25 }, 'interactive', 'r1')] as const;
    };
    expectTypeOf<Awaited<ReturnType<typeof _typed>[0]>>().toEqualTypeOf<Result<SupplierInvoicePageView>>();
    expectTypeOf<Awaited<ReturnType<typeof _typed>[1]>>().toEqualTypeOf<Result<ViewStateOf<'invoices'> | null>>();
    expectTypeOf<Awaited<ReturnType<typeof _typed>[2]>>().toEqualTypeOf<Result<ViewStateOf<'supplierinvoices'> | null>>();
    expectTypeOf<Awaited<ReturnType<typeof _typed>[3]>>().toEqualTypeOf<Result<InvoicePageView>>();
  });
});
