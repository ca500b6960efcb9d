import { describe, expect, it } from 'vitest';
import { lists } from '../../../electron/common/lists/registry';
import { cellOf, formatAmount, listColumns, rowValues, type CellContext } from '../../../electron/export/columns';
import { exportResources } from '../../../electron/export/export-resources';
import { invoice } from './helpers';

describe('columns', () => {
  it('lists the sixteen shared column ids with headers in both languages', () => {
    expect(listColumns('invoices', 'en').map((column) => column.id)).toEqual([
      'documentNumber', 'customerNumber', 'customerName', 'invoiceDate', 'dueDate', 'total', 'balance', 'currency',
      'ocr', 'status', 'booked', 'sent', 'invoiceType', 'project', 'costCenter', 'finalPayDate',
    ]);
    for (const field of Object.values(lists.invoices.fields)) {
      expect(field.label.en).toBeTruthy();
      expect(field.label.sv).toBeTruthy();
    }
    expect(listColumns('invoices', 'sv')[0]).toEqual({ id: 'documentNumber', header: 'Fakturanr' });
    expect(exportResources.invoices.columnIds.includes('total')).toBe(true);
    expect(exportResources.invoices.columnIds.includes('secret')).toBe(false);
  });

  it('formats amounts with two decimals, more only when the value has them, decimal comma for excel-sv', () => {
    expect(formatAmount(1234.5, 'standard')).toBe('1234.50');
    expect(formatAmount(1234.5, 'excel-sv')).toBe('1234,50');
    expect(formatAmount(-100.5, 'standard')).toBe('-100.50');
    expect(formatAmount(0.125, 'excel-sv')).toBe('0,125');
    expect(formatAmount(-0, 'standard')).toBe('0.00');
    expect(formatAmount(1000000, 'standard')).toBe('1000000.00');
  });

  it('gives amounts as numbers and everything else as text', () => {
    const inv = invoice({ total: -100.5, balance: 0, finalPayDate: null, booked: false, sent: true });
    const ctx: CellContext = { format: 'standard', today: '2026-03-01' };
    const cellValue = (row: unknown, id: string, context: CellContext) => cellOf(lists.invoices, row, id, context);
    expect(cellValue(inv, 'total', ctx)).toBe(-100.5);
    expect(cellValue(inv, 'balance', ctx)).toBe(0);
    expect(cellValue(inv, 'documentNumber', ctx)).toBe('1');
    expect(cellValue(inv, 'finalPayDate', ctx)).toBe('');
    expect(cellValue(inv, 'booked', ctx)).toBe('false');
    expect(cellValue(inv, 'sent', { ...ctx, format: 'excel-sv' })).toBe('SANT');
    expect(cellValue(inv, 'status', ctx)).toBe('unbooked');
    expect(cellValue(inv, 'status', { ...ctx, statusLabels: exportResources.invoices.statusLabels.sv })).toBe('Ej bokförd');
  });

  it('rowValues follows the order of the given columns', () => {
    const inv = invoice({ documentNumber: '7', customerName: 'X' });
    const row = rowValues(lists.invoices, inv, [{ id: 'customerName', header: 'a' }, { id: 'documentNumber', header: 'b' }], { format: 'standard', today: '2026-01-01' });
    expect(row).toEqual(['X', '7']);
  });
});
