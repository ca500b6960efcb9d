/**
 * The overview's links into the supplier grid: which query each payables figure and money-out bar
 * produces (exactly the invoices it counts by common/owed.ts and common/payables.ts, on the report's
 * date), that the list channel and the saved view accept it, the chip's words and its ×.
 */
import { describe, expect, it } from 'vitest';
import { dueSoonEnd } from '../../../../../electron/common/payables';
import { ageingBuckets, bucketOf } from '../../../../../electron/common/receivables';
import { invokeSchemas } from '../../../../../electron/ipc/schemas';
import { withCurrency, withDateRange, withDueRange, withFilter, withText } from '../../../../../renderer/features/grid/view-changes';
import { supplierView, type SupplierGridView } from '../../../../../renderer/features/supplierinvoices/supplier-columns';
import { localOnlyKeysOf } from '../../../../../electron/common/lists/list-description';
import { lists } from '../../../../../electron/common/lists/registry';

const supplierLocalOnlyQueryKeys = localOnlyKeysOf(lists.supplierinvoices);
import { hasSupplierLink, supplierLinkView, withoutSupplierLink, type SupplierLink } from '../../../../../renderer/features/overview/supplier-links';
import { supplierNarrowingText } from '../../../../../renderer/features/overview/supplier-narrowing';
import { tOf } from './helpers';

const asOf = '2026-11-25'; // a Wednesday of week 48
const now = new Date(2026, 10, 25, 12);

/** A supplier view narrowed every way the user can: a link replaces all of it but sort, size and columns. */
function busyView(): SupplierGridView {
  let view = supplierView.normaliseView({ limit: 100, columns: ['supplierName', 'dueDate'], sortby: 'balance', sortorder: 'descending' });
  view = withFilter(view, 'fullypaid');
  view = withText(view, 'åkerby');
  view = withDateRange(view, { preset: 'thisyear' });
  view = withDueRange(view, { preset: 'lastmonth' });
  view = withCurrency(view, 'USD');
  return { ...view, search: { field: 'suppliernumber', value: '42' }, supplier: '9' };
}

const queryOf = (link: SupplierLink) => {
  const { page: _page, limit: _limit, sortby: _sortby, sortorder: _sortorder, ...rest } = supplierView.toGridQuery(supplierLinkView(busyView(), link, asOf), 1, now, 'local');
  return rest;
};

describe('the query of each payables link', () => {
  it('to pay, overdue and each ageing bucket: to pay, in the currency, due within the bounds', () => {
    expect(queryOf({ kind: 'toPay', currency: 'SEK' })).toEqual({ scope: 'topay', currency: 'SEK' });
    expect(queryOf({ kind: 'payOverdue', currency: 'EUR' })).toEqual({ scope: 'topay', currency: 'EUR', toduedate: '2026-11-24' });
    expect(queryOf({ kind: 'payBucket', bucket: 'notDue', currency: 'SEK' })).toEqual({ scope: 'topay', currency: 'SEK', fromduedate: '2026-11-25' });
    expect(queryOf({ kind: 'payBucket', bucket: 'd1_30', currency: 'SEK' })).toEqual({ scope: 'topay', currency: 'SEK', fromduedate: '2026-10-26', toduedate: '2026-11-24' });
    expect(queryOf({ kind: 'payBucket', bucket: 'd90plus', currency: 'SEK' })).toEqual({ scope: 'topay', currency: 'SEK', toduedate: '2026-08-26' });
    for (const bucket of ageingBuckets) {
      const { fromduedate, toduedate } = queryOf({ kind: 'payBucket', bucket, currency: 'SEK' });
      if (fromduedate) expect(bucketOf(fromduedate, asOf)).toBe(bucket);
      if (toduedate) expect(bucketOf(toduedate, asOf)).toBe(bucket);
    }
  });

  it('a supplier of the ten to pay soonest: its invoices to pay, overdue or due within 30 days', () => {
    expect(queryOf({ kind: 'supplier', supplier: '17', currency: 'EUR' })).toEqual({ scope: 'topay', supplier: '17', currency: 'EUR', toduedate: dueSoonEnd(asOf) });
    expect(dueSoonEnd(asOf)).toBe('2026-12-25');
  });

  it('awaiting approval and payment under way: their scopes in the currency', () => {
    expect(queryOf({ kind: 'approval', currency: 'SEK' })).toEqual({ scope: 'approval', currency: 'SEK' });
    expect(queryOf({ kind: 'paying', currency: 'NOK' })).toEqual({ scope: 'paying', currency: 'NOK' });
  });

  it('a week\'s money out: to pay, due Monday to Sunday, the current week from the report date', () => {
    expect(queryOf({ kind: 'outWeek', week: '2026-11-23', currency: 'SEK' })).toEqual({ scope: 'topay', currency: 'SEK', fromduedate: '2026-11-25', toduedate: '2026-11-29' });
    expect(queryOf({ kind: 'outWeek', week: '2027-02-08', currency: 'SEK' })).toEqual({ scope: 'topay', currency: 'SEK', fromduedate: '2027-02-08', toduedate: '2027-02-14' });
  });

  const every: SupplierLink[] = [
    { kind: 'toPay', currency: 'SEK' },
    { kind: 'payOverdue', currency: 'SEK' },
    { kind: 'payBucket', bucket: 'd31_60', currency: 'EUR' },
    { kind: 'supplier', supplier: '17', currency: 'SEK' },
    { kind: 'approval', currency: 'SEK' },
    { kind: 'paying', currency: 'SEK' },
    { kind: 'outWeek', week: '2026-12-07', currency: 'SEK' },
  ];

  it('keeps the sort, page size and columns; the list channel accepts it, the service gets none of it', () => {
    for (const link of every) {
      const view = supplierLinkView(busyView(), link, asOf);
      expect(view).toMatchObject({ sortby: 'balance', sortorder: 'descending', limit: 100, columns: ['supplierName', 'dueDate'], search: { field: 'suppliernumber', value: '' } });
      expect(view.filter).toBeUndefined();
      expect(view.text).toBeUndefined();
      expect(view.dateRange).toBeUndefined();
      expect(invokeSchemas['lists:page'].safeParse(['supplierinvoices', 'c1', supplierView.toGridQuery(view, 1, now, 'local'), 'interactive']).success).toBe(true);
      const service = supplierView.toGridQuery(view, 1, now, 'service');
      for (const key of supplierLocalOnlyQueryKeys) expect(service).not.toHaveProperty(key);
      expect(supplierView.sameRows(busyView(), view, now)).toBe(false);
    }
  });

  it('survives a save and a restart', () => {
    for (const link of every) {
      const view = supplierLinkView(busyView(), link, asOf);
      const state = supplierView.toViewState(view);
      expect(invokeSchemas['lists:saveView'].safeParse(['supplierinvoices', 'c1', state]).success).toBe(true);
      expect(supplierView.normaliseView(state)).toEqual(view);
    }
    // A scope that is not the supplier grid's is dropped.
    expect(supplierView.normaliseView({ limit: 50, columns: ['ocr'], scope: 'owed' }).scope).toBeUndefined();
  });

  it('the chip\'s × removes what the link set and nothing else', () => {
    for (const link of every) {
      const view = supplierLinkView(busyView(), link, asOf);
      expect(hasSupplierLink(view)).toBe(true);
      const cleared = withoutSupplierLink({ ...view, dateRange: { preset: 'thisyear' } });
      expect(hasSupplierLink(cleared)).toBe(false);
      expect(supplierView.toGridQuery(cleared, 1, now, 'local')).toEqual({ page: 1, limit: 100, sortby: 'balance', sortorder: 'descending', fromdate: '2026-01-01', todate: '2026-12-31' });
    }
  });
});

describe('the supplier grid\'s chip', () => {
  const chip = (link: SupplierLink, language: 'sv' | 'en' = 'sv', today = asOf, names: Record<string, string> = {}) =>
    supplierNarrowingText(supplierLinkView(supplierView.normaliseView(null), link, asOf), today, language, tOf(language), (n) => names[n])?.replace(/\u00a0/g, ' ');

  it('names each link in Swedish', () => {
    expect(chip({ kind: 'toPay', currency: 'SEK' })).toBe('Från översikten: att betala, SEK');
    expect(chip({ kind: 'payOverdue', currency: 'SEK' })).toBe('Från översikten: att betala, förfallet, SEK');
    expect(chip({ kind: 'payBucket', bucket: 'd31_60', currency: 'EUR' })).toBe('Från översikten: att betala, 31–60 dagar förfallet, EUR');
    expect(chip({ kind: 'payBucket', bucket: 'notDue', currency: 'SEK' })).toBe('Från översikten: att betala, ej förfallet, SEK');
    expect(chip({ kind: 'supplier', supplier: '17', currency: 'SEK' }, 'sv', asOf, { '17': 'Åkerby Verktyg AB' })).toBe('Från översikten: att betala till Åkerby Verktyg AB, förfallet eller förfaller inom 30 dagar, SEK');
    expect(chip({ kind: 'supplier', supplier: '17', currency: 'SEK' })).toBe('Från översikten: att betala till 17, förfallet eller förfaller inom 30 dagar, SEK');
    expect(chip({ kind: 'approval', currency: 'SEK' })).toBe('Från översikten: att attestera, SEK');
    expect(chip({ kind: 'paying', currency: 'SEK' })).toBe('Från översikten: betalning pågår, SEK');
    expect(chip({ kind: 'outWeek', week: '2026-11-23', currency: 'SEK' })).toBe('Från översikten: att betala, förfaller v. 48, SEK');
    expect(chip({ kind: 'outWeek', week: '2026-12-07', currency: 'SEK' })).toBe('Från översikten: att betala, förfaller v. 50, SEK');
  });

  it('and in English', () => {
    expect(chip({ kind: 'payOverdue', currency: 'SEK' }, 'en')).toBe('From the overview: to pay, overdue, SEK');
    expect(chip({ kind: 'approval', currency: 'EUR' }, 'en')).toBe('From the overview: awaiting approval, EUR');
    expect(chip({ kind: 'outWeek', week: '2026-11-30', currency: 'SEK' }, 'en')).toBe('From the overview: to pay, due week 49, SEK');
  });

  it('says the dates of a view saved on another day', () => {
    expect(chip({ kind: 'payOverdue', currency: 'SEK' }, 'sv', '2026-11-27')).toBe('Från översikten: att betala, förfaller …–2026-11-24, SEK');
    expect(chip({ kind: 'supplier', supplier: '17', currency: 'SEK' }, 'sv', '2026-11-27')).toBe('Från översikten: att betala till 17, förfaller …–2026-12-25, SEK');
  });

  it('is absent when no link narrowed the view', () => {
    expect(supplierNarrowingText({ ...supplierView.normaliseView(null), currency: 'SEK', dueRange: { preset: 'custom', to: '2026-01-01' } }, asOf, 'sv', tOf('sv'))).toBeNull();
  });
});
