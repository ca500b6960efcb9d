import { describe, expect, it } from 'vitest';
import { columnLabels } from '../../../electron/common/labels';
import { cellValue, defaultColumns, EXPORT_COLUMN_IDS, formatAmount, isExportColumnId, rowValues } from '../../../electron/export/columns';
import { statusLabels } from '../../../electron/common/labels';
import { invoice } from './helpers';

describe('columns', () => {
  it('lists the sixteen shared column ids with headers in both languages', () => {
    expect(EXPORT_COLUMN_IDS).toEqual([
      'documentNumber', 'customerNumber', 'customerName', 'invoiceDate', 'dueDate', 'total', 'balance', 'currency',
      'ocr', 'status', 'booked', 'sent', 'invoiceType', 'project', 'costCenter', 'finalPayDate',
    ]);
    for (const id of EXPORT_COLUMN_IDS) {
      expect(columnLabels.en[id]).toBeTruthy();
      expect(columnLabels.sv[id]).toBeTruthy();
    }
    expect(defaultColumns('sv')[0]).toEqual({ id: 'documentNumber', header: 'Fakturanr' });
    expect(isExportColumnId('total')).toBe(true);
    expect(isExportColumnId('secret')).toBe(false);
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
    const ctx = { format: 'standard' as const, today: '2026-03-01' };
    expect(cellValue(inv, 'total', ctx)).toBe(-100.5);
    expect(cellValue(inv, 'balance', ctx)).toBe(0);
    expect(cellValue(inv, 'documentNumber', ctx)).toBe('1');
    expect(cellValue(inv, 'finalPayDate', ctx)).toBe('');
    expect(cellValue(inv, 'booked', ctx)).toBe('false');
    expect(cellValue(inv, 'sent', { ...ctx, format: 'excel-sv' })).toBe('SANT');
    expect(cellValue(inv, 'status', ctx)).toBe('unbooked');
    expect(cellValue(inv, 'status', { ...ctx, statusLabels: statusLabels.sv })).toBe('Ej bokförd');
  });

  it('rowValues follows the order of the given columns', () => {
    const inv = invoice({ documentNumber: '7', customerName: 'X' });
    const row = rowValues(inv, [{ id: 'customerName', header: 'a' }, { id: 'documentNumber', header: 'b' }], { format: 'standard', today: '2026-01-01' });
    expect(row).toEqual(['X', '7']);
  });
});
