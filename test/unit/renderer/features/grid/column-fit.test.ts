import { describe, expect, it } from 'vitest';
import { lists, type ColumnOf } from '../../../../../electron/common/lists/registry';
import { BADGE_SPACE, CELL_SPACE, contentWidths, fitColumnsOf, NAME_FIT_MAX, SORT_MARK_SPACE, widthOfColumns, withWidths, type FitOf } from '../../../../../renderer/features/grid/column-fit';
import { allColumnIds, columnSpecs, defaultColumnIds } from '../../../../../renderer/features/invoices/columns';

type InvoiceColumnId = ColumnOf<'invoices'>;

/** The customer invoices' columns and drop order (the registry's), as their grid fits them. */
const customerFit: FitOf = { columns: columnSpecs, dropOrder: lists.invoices.dropOrder, dropLast: lists.invoices.dropLast ?? [] };
const widthOf = (columns: readonly InvoiceColumnId[]): number => widthOfColumns(customerFit, columns);
const fitColumns = (columns: readonly InvoiceColumnId[], available: number, keep?: InvoiceColumnId): InvoiceColumnId[] => fitColumnsOf(customerFit, columns, available, keep);

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

describe('columns sized to their content', () => {
  const resource = {
    growColumn: 'name',
    columns: {
      number: { kind: 'number', width: 104 },
      name: { kind: 'text', width: 146 },
      amount: { kind: 'amount', width: 120 },
      status: { kind: 'status', width: 104 },
      project: { kind: 'text', width: 96 },
    },
  } as const;
  // 7 px a character, headers 8: enough to reason about.
  const measure = (text: string, style: 'cell' | 'header' | 'badge') => text.length * (style === 'header' ? 8 : 7);
  const header = (id: string) => ({ number: 'No.', name: 'Customer', amount: 'Total', status: 'Status', project: 'Project' })[id]!;

  it('gives an amount the width of its longest value, or of its header with its sort mark', () => {
    const widths = contentWidths(resource, ['amount'], header, () => ['1 234,00 kr', '12,00 kr'], measure);
    expect(widths.amount).toBe(Math.ceil(11 * 7 + CELL_SPACE)); // "1 234,00 kr": narrower than its own 120
    expect(contentWidths(resource, ['amount'], header, () => ['1,00'], measure).amount).toBe(Math.ceil(5 * 8 + SORT_MARK_SPACE + CELL_SPACE));
    expect(contentWidths(resource, ['amount'], header, () => ['123 456 789,00 kr'], measure).amount).toBeGreaterThan(120);
  });

  it('gives a status its widest badge; a text column (not the name) keeps its own width', () => {
    const widths = contentWidths(resource, ['status', 'project'], header, (id) => (id === 'status' ? ['Paid', 'Payment pending'] : ['A very long project name']), measure);
    expect(widths.status).toBe(Math.ceil(15 * 7 + BADGE_SPACE + CELL_SPACE));
    expect(widths.project).toBe(96);
  });

  it('asks for the name the width of half the names, between its own width and NAME_FIT_MAX', () => {
    const names = ['Ab', 'Märta Lindqvist Redovisning AB', 'Norrtälje Förlag', 'Gävle Däckcenter', 'Växjö Bilverkstad'];
    expect(contentWidths(resource, ['name'], header, () => names, measure).name).toBe(Math.ceil(16 * 7 + CELL_SPACE) > 146 ? Math.ceil(16 * 7 + CELL_SPACE) : 146);
    expect(contentWidths(resource, ['name'], header, () => names.map((n) => n.repeat(4)), measure).name).toBe(NAME_FIT_MAX);
  });

  it('keeps every column\'s own width before any row has come', () => {
    expect(contentWidths(resource, ['number', 'name', 'amount'], header, () => [], measure)).toEqual({ number: 104, name: 146, amount: 120 });
  });

  it('fits the columns by those widths: narrower amounts leave room for a column that did not fit', () => {
    const fit = { ...withWidths(resource, { amount: 60 }), dropOrder: ['project'] };
    expect(fitColumnsOf(fit, ['number', 'name', 'amount', 'project'], 40 + 104 + 146 + 60 + 96)).toEqual(['number', 'name', 'amount', 'project']);
    expect(fitColumnsOf({ ...resource, dropOrder: ['project'] }, ['number', 'name', 'amount', 'project'], 40 + 104 + 146 + 60 + 96)).toEqual(['number', 'name', 'amount']);
  });
});
