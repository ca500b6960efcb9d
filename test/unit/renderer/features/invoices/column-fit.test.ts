import { describe, expect, it } from 'vitest';
import { fitColumns, widthOf } from '../../../../../renderer/features/invoices/column-fit';
import { allColumnIds, defaultColumnIds } from '../../../../../renderer/features/invoices/columns';

describe('columns that fit the window', () => {
  it('keeps every chosen column when there is room, or before the width is known', () => {
    expect(fitColumns(defaultColumnIds, 2000)).toEqual(defaultColumnIds);
    expect(fitColumns(allColumnIds, 0)).toEqual(allColumnIds);
  });

  it('fits the default columns in the default window (1280 px less the sidebar and padding)', () => {
    expect(widthOf(defaultColumnIds)).toBeLessThanOrEqual(1280 - 240 - 48);
  });

  it('drops the least useful first and keeps number, customer, due date, balance and status', () => {
    const shown = fitColumns(defaultColumnIds, 800);
    expect(widthOf(shown)).toBeLessThanOrEqual(800);
    expect(shown).not.toContain('customerNumber');
    expect(shown).toEqual(defaultColumnIds.filter((id) => shown.includes(id))); // the user's order
    expect(fitColumns(defaultColumnIds, 660)).toEqual(['documentNumber', 'customerName', 'dueDate', 'balance', 'status']);
  });

  it('beside the details panel (620 px at the default window size) drops the due date too, and the name has room', () => {
    const available = 1280 - 240 - 48 - 2 - 360 - 12; // sidebar, padding, the grid's border, the panel and its gap
    const shown = fitColumns(defaultColumnIds, available, 'invoiceDate');
    expect(shown).toEqual(['documentNumber', 'customerName', 'balance', 'status']);
    // The name column grows into what is left: over 100 px more than its own width.
    expect(available - widthOf(shown)).toBeGreaterThan(100);
  });

  it('keeps the column the view is sorted by, so its arrow stays in view', () => {
    expect(fitColumns(defaultColumnIds, 776, 'invoiceDate')).toEqual(['documentNumber', 'customerName', 'invoiceDate', 'dueDate', 'balance', 'status']);
    expect(fitColumns(defaultColumnIds, 600, 'invoiceDate')).not.toContain('invoiceDate'); // when nothing else is left
  });

  it('keeps a column the user added from the menu, even when it then scrolls sideways', () => {
    const chosen = [...defaultColumnIds, 'project', 'costCenter'] as const;
    const shown = fitColumns(chosen, 700);
    expect(shown).toEqual(expect.arrayContaining(['project', 'costCenter', 'status']));
    expect(fitColumns(allColumnIds, 900)).toEqual(expect.arrayContaining(['finalPayDate', 'sent']));
  });
});
