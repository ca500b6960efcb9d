// The precomputed orderings and the query runner, without HTTP.

import { describe, expect, it } from 'vitest';
import { generateCompanies } from '../../../electron/sandbox/data';
import { parseDay } from '../../../electron/sandbox/dates';
import { InvoiceBook, SORT_FIELDS } from '../../../electron/sandbox/invoice-book';
import { parseInvoiceQuery } from '../../../electron/sandbox/invoice-query';
import { runInvoiceQuery } from '../../../electron/sandbox/invoices-route';

const TODAY = parseDay('2026-06-15') ?? 0;
const generated = generateCompanies('unit', TODAY, 20_000);

function query(text: string) {
  const parsed = parseInvoiceQuery(new URLSearchParams(text));
  if ('error' in parsed) throw new Error(String(parsed.error.body));
  return parsed.query;
}

describe('InvoiceBook orderings', () => {
  const large = generated[1];
  if (!large) throw new Error('no large company');
  const book = new InvoiceBook(large);

  it.each([...SORT_FIELDS])('%s is a permutation, ties broken on DocumentNumber', (field) => {
    const order = book.ordering(field);
    expect(new Set(order).size).toBe(book.size);
    const key = ({ documentnumber: 'DocumentNumber', customername: 'CustomerName', customernumber: 'CustomerNumber', invoicedate: 'InvoiceDate', ocr: 'OCR', total: 'Total' } as const)[field];
    let badTies = 0;
    for (let i = 1; i < order.length; i += 1) {
      const a = book.at(order[i - 1] ?? 0);
      const b = book.at(order[i] ?? 0);
      if (a[key] === b[key] && a.docNo >= b.docNo) badTies += 1;
    }
    expect(badTies).toBe(0);
  });

  it('sorts once per field: later pages reuse the ordering (how its pages stay fast), until a change', () => {
    const q = query('sortby=customername&sortorder=descending&limit=500&page=20');
    const first = runInvoiceQuery(book, q, '2026-06-15');
    const ordering = book.ordering('customername');
    expect(runInvoiceQuery(book, q, '2026-06-15')).toEqual(first);
    expect(book.ordering('customername')).toBe(ordering);
  });

  it('generates in steps: the same records as all at once', () => {
    const [stepwise] = generateCompanies('steps', TODAY, 10);
    const [atOnce] = generateCompanies('steps', TODAY, 10);
    let steps = 0;
    while (!stepwise?.generateSome()) steps += 1;
    expect(stepwise?.invoices()).toEqual(atOnce?.invoices());
    const large = generateCompanies('steps', TODAY, 20_000)[1];
    let largeSteps = 0;
    while (!large?.generateSome()) largeSteps += 1;
    expect(largeSteps).toBeGreaterThanOrEqual(9);
    expect(large?.invoices()).toHaveLength(20_000);
    expect(steps).toBe(0); // 300 invoices: one step
  });

  it('rebuilds orderings after a change', () => {
    const small = generateCompanies('unit', TODAY, 10)[0];
    if (!small) throw new Error('no small company');
    const local = new InvoiceBook(small);
    const before = local.ordering('total');
    local.update('3', { Total: 1e9 }, Date.now());
    const after = local.ordering('total');
    expect(after).not.toBe(before);
    expect(local.at(after[after.length - 1] ?? 0).DocumentNumber).toBe('3');
  });
});
