/**
 * What the service answers of a list's query without the copy (common/lists/service-answers.ts),
 * from the descriptions: one rule the grid, the export and the CLI refuse by.
 */
import { describe, expect, it } from 'vitest';
import { lists } from '../../../electron/common/lists/registry';
import { askedOfService, copyOnlyPartsOf, flaggedItem, needsCopyWords } from '../../../electron/common/lists/service-answers';

const words = (id: keyof typeof lists, query: object) => copyOnlyPartsOf(lists[id], query).map((part) => part.words);

describe("what only the copy answers of a list's query", () => {
  it("is each list's local-only keys, a sort only the copy has, a filter only the copy has", () => {
    expect(words('invoices', { limit: 25, sortby: 'customername', filter: 'unpaid', search: { field: 'ocr', value: '1' }, fromdate: '2026-01-01' })).toEqual([]);
    expect(words('invoices', { sortby: 'balance', text: 'acme', currency: 'EUR', customer: '5' })).toEqual(['text', 'currency', 'customer', 'sort by balance']);
    // A field no one sorts by is the validation's to refuse, not the copy's to answer.
    expect(words('invoices', { sortby: 'amount' })).toEqual([]);
    expect(words('supplierinvoices', { sortby: 'duedate', search: { field: 'ocr', value: '1' } })).toEqual(['sort by duedate']);
    expect(words('customers', { sortby: 'owed', filter: 'withoverdue' })).toEqual(['sort by owed', 'filter withoverdue']);
    expect(words('customers', { sortby: 'name', filter: 'active' })).toEqual([]);
    expect(words('invoicepayments', { search: { field: 'invoicenumber', value: '1' } })).toEqual([]);
  });

  it("says so in the list's words, with what it cannot do", () => {
    expect(needsCopyWords(lists.invoices, copyOnlyPartsOf(lists.invoices, { currency: 'EUR', sortby: 'balance' }))).toBe(
      'The service cannot filter or sort invoices this way (currency, sort by balance): that needs the local copy, which is not ready.',
    );
    expect(needsCopyWords(lists.supplierinvoicepayments, copyOnlyPartsOf(lists.supplierinvoicepayments, { text: 'x' }))).toBe(
      'The service cannot search supplier payments this way (text): that needs the local copy, which is not ready.',
    );
  });

  it('asks the service without an order for a list it sorts by nothing', () => {
    expect(askedOfService(lists.supplierinvoices, { limit: 5, sortorder: 'descending', filter: 'unpaid' })).toEqual({ limit: 5, filter: 'unpaid' });
    expect(askedOfService(lists.invoices, { limit: 5, sortby: 'total', sortorder: 'descending' })).toEqual({ limit: 5, sortby: 'total', sortorder: 'descending' });
  });

  it("gives an item the states its service page says: the filtered list's, or those read whole", () => {
    const item = { givenNumber: '7', authorizePending: false, paymentPending: false };
    expect(flaggedItem(lists.supplierinvoices, item, 'authorizepending')).toEqual({ ...item, authorizePending: true });
    expect(flaggedItem(lists.supplierinvoices, item, undefined, new Map([['paymentPending', new Set(['7'])]]))).toEqual({ ...item, paymentPending: true });
    expect(flaggedItem(lists.invoices, { documentNumber: '1' }, 'unpaid')).toEqual({ documentNumber: '1' });
  });
});
