/**
 * Which query each link of the receivables overview produces: exactly the invoices its figure
 * counts by the definitions of electron/common/receivables.ts, on the report's date.
 */
import { describe, expect, it } from 'vitest';
import { localOnlyKeysOf } from '../../../../../electron/common/lists/list-description';
import { lists } from '../../../../../electron/common/lists/registry';

const localOnlyQueryKeys = localOnlyKeysOf(lists.invoices);
import { addDays, ageingBuckets, bucketOf } from '../../../../../electron/common/receivables';
import { invokeSchemas } from '../../../../../electron/ipc/schemas';
import { normaliseView, sameRows, toGridQuery, toViewState, withCurrency, withDateRange, withDueRange, withFilter, withText, type InvoiceGridView } from '../../../../../renderer/features/invoices/view';
import { mondayOf, outlookWeeks } from '../../../../../electron/common/cash-outlook';
import { hasOverviewLink, isCustomerLink, linkView, monthBounds, monthEnd, monthOfBounds, weekDueRange, weekExpectedRange, withoutOverviewLink, type CustomerLink, type OverviewLink } from '../../../../../renderer/features/overview/links';

const asOf = '2026-11-23';
const now = new Date(2026, 10, 23, 12);

/** A view narrowed every way the user can: a link replaces all of it but sort, size and columns. */
function busyView(): InvoiceGridView {
  let view = normaliseView({ limit: 100, columns: ['documentNumber', 'dueDate'], sortby: 'balance', sortorder: 'descending' });
  view = withFilter(view, 'unbooked');
  view = withText(view, 'örebro');
  view = withDateRange(view, { preset: 'thisyear' });
  view = withDueRange(view, { preset: 'lastmonth' });
  view = withCurrency(view, 'USD');
  return { ...view, search: { field: 'ocr', value: '4711' }, customer: '9', finalPayRange: { from: '2020-01-01' } };
}

const queryOf = (link: CustomerLink, on = asOf) => {
  const { page: _page, limit: _limit, sortby: _sortby, sortorder: _sortorder, ...rest } = toGridQuery(linkView(busyView(), link, on), 1, now, 'local');
  return rest;
};

describe('the query of each link', () => {
  it('owed: booked, not cancelled, with a balance, in the currency', () => {
    expect(queryOf({ kind: 'owed', currency: 'SEK' })).toEqual({ scope: 'owed', currency: 'SEK' });
  });

  it('drafts: the unbooked invoices of the currency, nothing else', () => {
    expect(queryOf({ kind: 'drafts', currency: 'EUR' })).toEqual({ scope: 'drafts', currency: 'EUR' });
  });

  it('overdue: owed, due before the report date', () => {
    expect(queryOf({ kind: 'overdue', currency: 'EUR' })).toEqual({ scope: 'owed', currency: 'EUR', toduedate: '2026-11-22' });
  });

  it('each ageing bucket: owed, due within its bounds', () => {
    expect(queryOf({ kind: 'bucket', bucket: 'notDue', currency: 'SEK' })).toEqual({ scope: 'owed', currency: 'SEK', fromduedate: '2026-11-23' });
    expect(queryOf({ kind: 'bucket', bucket: 'd1_30', currency: 'SEK' })).toEqual({ scope: 'owed', currency: 'SEK', fromduedate: '2026-10-24', toduedate: '2026-11-22' });
    expect(queryOf({ kind: 'bucket', bucket: 'd31_60', currency: 'SEK' })).toEqual({ scope: 'owed', currency: 'SEK', fromduedate: '2026-09-24', toduedate: '2026-10-23' });
    expect(queryOf({ kind: 'bucket', bucket: 'd61_90', currency: 'SEK' })).toEqual({ scope: 'owed', currency: 'SEK', fromduedate: '2026-08-25', toduedate: '2026-09-23' });
    expect(queryOf({ kind: 'bucket', bucket: 'd90plus', currency: 'USD' })).toEqual({ scope: 'owed', currency: 'USD', toduedate: '2026-08-24' });
  });

  it('a bucket\'s bounds hold exactly the due dates the definitions put in it', () => {
    for (const bucket of ageingBuckets) {
      const { fromduedate, toduedate } = queryOf({ kind: 'bucket', bucket, currency: 'SEK' });
      if (fromduedate) {
        expect(bucketOf(fromduedate, asOf)).toBe(bucket);
        expect(bucketOf(addDays(fromduedate, -1), asOf)).not.toBe(bucket);
      }
      if (toduedate) {
        expect(bucketOf(toduedate, asOf)).toBe(bucket);
        expect(bucketOf(addDays(toduedate, 1), asOf)).not.toBe(bucket);
      }
    }
  });

  it('a customer: its overdue invoices in the currency', () => {
    expect(queryOf({ kind: 'customer', customer: '1234', currency: 'EUR' })).toEqual({ scope: 'owed', customer: '1234', currency: 'EUR', toduedate: '2026-11-22' });
  });

  it('a month\'s invoiced bar: not cancelled, invoice dates of the month (this month up to the report date)', () => {
    expect(queryOf({ kind: 'invoiced', month: '2026-10', currency: 'SEK' })).toEqual({ scope: 'notcancelled', currency: 'SEK', fromdate: '2026-10-01', todate: '2026-10-31' });
    expect(queryOf({ kind: 'invoiced', month: '2026-11', currency: 'SEK' })).toEqual({ scope: 'notcancelled', currency: 'SEK', fromdate: '2026-11-01', todate: '2026-11-23' });
  });

  it('a month\'s paid bar: paid in full, FinalPayDate in the month', () => {
    expect(queryOf({ kind: 'paid', month: '2025-12', currency: 'USD' })).toEqual({ scope: 'paid', currency: 'USD', fromfinalpaydate: '2025-12-01', tofinalpaydate: '2025-12-31' });
    expect(queryOf({ kind: 'paid', month: '2024-02', currency: 'SEK' })).toEqual({ scope: 'paid', currency: 'SEK', fromfinalpaydate: '2024-02-01', tofinalpaydate: '2024-02-29' });
  });

  it('keeps the sort, page size and columns, and is a query the main process accepts', () => {
    const view = linkView(busyView(), { kind: 'bucket', bucket: 'd31_60', currency: 'SEK' }, asOf);
    expect(view).toMatchObject({ sortby: 'balance', sortorder: 'descending', limit: 100, columns: ['documentNumber', 'dueDate'], search: { field: 'ocr', value: '' } });
    expect(view.filter).toBeUndefined();
    expect(view.text).toBeUndefined();
    expect(view.dateRange).toBeUndefined();
    expect(invokeSchemas['lists:page'].safeParse(['invoices', 'c1', toGridQuery(view, 1, now, 'local'), 'interactive']).success).toBe(true);
  });

  it('asks for other rows (the grid goes to page 1), and none of it reaches the service', () => {
    const before = busyView();
    const after = linkView(before, { kind: 'owed', currency: 'SEK' }, asOf);
    expect(sameRows(before, after, now)).toBe(false);
    const service = toGridQuery(after, 1, now, 'service');
    for (const key of localOnlyQueryKeys) expect(service).not.toHaveProperty(key);
  });

  it('survives a save and a restart', () => {
    for (const link of [
      { kind: 'customer', customer: '77', currency: 'SEK' },
      { kind: 'paid', month: '2026-03', currency: 'EUR' },
      { kind: 'invoiced', month: '2026-11', currency: 'SEK' },
      { kind: 'inWeek', week: '2026-11-30', currency: 'SEK' },
      { kind: 'expectedWeek', week: '2026-11-23', currency: 'EUR' },
      { kind: 'expectedWeek', week: '2026-12-07', currency: 'SEK' },
    ] as CustomerLink[]) {
      const view = linkView(busyView(), link, asOf);
      const state = toViewState(view);
      expect(invokeSchemas['lists:saveView'].safeParse(['invoices', 'c1', state]).success).toBe(true);
      expect(normaliseView(state)).toEqual(view);
    }
  });
});

describe('the cash outlook\'s links into the customer grid', () => {
  // 2026-11-25 is a Wednesday of week 48 (Monday 2026-11-23).
  const wednesday = '2026-11-25';

  it('a week\'s money in: owed, due Monday to Sunday; the current week from the report date (earlier days are overdue)', () => {
    expect(queryOf({ kind: 'inWeek', week: '2026-11-30', currency: 'SEK' }, wednesday)).toEqual({ scope: 'owed', currency: 'SEK', fromduedate: '2026-11-30', toduedate: '2026-12-06' });
    expect(queryOf({ kind: 'inWeek', week: '2026-11-23', currency: 'SEK' }, wednesday)).toEqual({ scope: 'owed', currency: 'SEK', fromduedate: '2026-11-25', toduedate: '2026-11-29' });
    // On a Monday the current week is whole.
    expect(queryOf({ kind: 'inWeek', week: '2026-11-23', currency: 'EUR' })).toEqual({ scope: 'owed', currency: 'EUR', fromduedate: '2026-11-23', toduedate: '2026-11-29' });
  });

  it('a week\'s expected in: owed, expected Monday to Sunday; the current week with no lower bound (an earlier expected date counts there)', () => {
    expect(queryOf({ kind: 'expectedWeek', week: '2026-12-07', currency: 'SEK' }, wednesday)).toEqual({ scope: 'owed', currency: 'SEK', fromexpecteddate: '2026-12-07', toexpecteddate: '2026-12-13' });
    expect(queryOf({ kind: 'expectedWeek', week: '2026-11-23', currency: 'SEK' }, wednesday)).toEqual({ scope: 'owed', currency: 'SEK', toexpecteddate: '2026-11-29' });
    expect(queryOf({ kind: 'expectedWeek', week: '2026-11-23', currency: 'SEK' })).toEqual({ scope: 'owed', currency: 'SEK', toexpecteddate: '2026-11-29' });
  });

  it('the 12 weeks\' due-date bounds follow each other without a gap or an overlap, from the report date to the last Sunday', () => {
    const weeks = outlookWeeks(wednesday);
    const ranges = weeks.map((week) => weekDueRange(week, wednesday));
    expect(ranges[0]).toEqual({ from: wednesday, to: '2026-11-29' });
    for (let i = 1; i < ranges.length; i++) expect(addDays(ranges[i - 1]!.to, 1)).toBe(ranges[i]!.from);
    expect(mondayOf(ranges[11]!.to)).toBe(weeks[11]);
    expect(weekExpectedRange(weeks[0]!, wednesday)).toEqual({ to: '2026-11-29' });
    expect(weekExpectedRange(weeks[1]!, wednesday)).toEqual({ from: '2026-11-30', to: '2026-12-06' });
  });

  it('says which grid each link opens', () => {
    expect(isCustomerLink({ kind: 'expectedWeek', week: '2026-11-23', currency: 'SEK' })).toBe(true);
    expect(isCustomerLink({ kind: 'overdue', currency: 'SEK' })).toBe(true);
    for (const link of [{ kind: 'outWeek', week: '2026-11-23', currency: 'SEK' }, { kind: 'approval', currency: 'SEK' }, { kind: 'supplier', supplier: '1', currency: 'SEK' }] as OverviewLink[]) expect(isCustomerLink(link)).toBe(false);
  });
});

describe('the chip\'s ×', () => {
  it('removes what the link set and nothing else', () => {
    const bucket = linkView(busyView(), { kind: 'bucket', bucket: 'd1_30', currency: 'SEK' }, asOf);
    expect(hasOverviewLink(bucket)).toBe(true);
    const cleared = withoutOverviewLink(bucket);
    expect(hasOverviewLink(cleared)).toBe(false);
    expect(toGridQuery(cleared, 1, now, 'local')).toEqual({ page: 1, limit: 100, sortby: 'balance', sortorder: 'descending' });
    // An invoiced month's invoice dates go too; a date range the user set beside a scope stays.
    expect(withoutOverviewLink(linkView(busyView(), { kind: 'invoiced', month: '2026-10', currency: 'SEK' }, asOf)).dateRange).toBeUndefined();
    expect(withoutOverviewLink({ ...bucket, dateRange: { preset: 'thisyear' } }).dateRange).toEqual({ preset: 'thisyear' });
    // An expected week's bounds go too.
    const expected = linkView(busyView(), { kind: 'expectedWeek', week: '2026-11-30', currency: 'SEK' }, asOf);
    expect(hasOverviewLink(expected)).toBe(true);
    expect(toGridQuery(withoutOverviewLink(expected), 1, now, 'local')).toEqual({ page: 1, limit: 100, sortby: 'balance', sortorder: 'descending' });
  });
});

describe('month bounds', () => {
  it('end on the month\'s last day, never after the report date', () => {
    expect(monthEnd('2026-12')).toBe('2026-12-31');
    expect(monthEnd('2025-02')).toBe('2025-02-28');
    expect(monthBounds('2026-11', asOf)).toEqual({ from: '2026-11-01', to: '2026-11-23' });
    expect(() => monthBounds('2026-1', asOf)).toThrow();
  });

  it('are recognised as a month again (for the chip)', () => {
    expect(monthOfBounds({ from: '2026-10-01', to: '2026-10-31' }, asOf)).toBe('2026-10');
    expect(monthOfBounds({ from: '2026-11-01', to: '2026-11-23' }, asOf)).toBe('2026-11');
    expect(monthOfBounds({ from: '2026-10-01', to: '2026-10-30' }, asOf)).toBeNull();
    expect(monthOfBounds({ from: '2026-10-02', to: '2026-10-31' }, asOf)).toBeNull();
    expect(monthOfBounds({ from: '2026-10-01' }, asOf)).toBeNull();
  });
});

describe('the view\'s overview parts', () => {
  it('are dropped when a stored view holds what cannot be sent', () => {
    const view = normaliseView({ limit: 50, columns: ['ocr'], scope: 'everything', customer: '', finalPayRange: { from: '2026-02-30' }, expectedRange: { from: '2026-12-09', to: '2026-12-01' } } as never);
    expect(view.scope).toBeUndefined();
    expect(view.customer).toBeUndefined();
    expect(view.finalPayRange).toBeUndefined();
    expect(view.expectedRange).toBeUndefined();
    expect(normaliseView({ limit: 50, columns: ['ocr'], scope: 'topay' } as never).scope).toBeUndefined();
    expect(normaliseView({ limit: 50, columns: ['ocr'], customer: 'x'.repeat(51) }).customer).toBeUndefined();
  });
});
