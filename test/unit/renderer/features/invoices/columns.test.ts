/** The grid's columns and their sort fields. */
import { describe, expect, it } from 'vitest';
import { serviceSortsOf } from '../../../../../electron/common/lists/registry';
import { allColumnIds, columnOfSortField, columnSpecs, defaultColumnIds } from '../../../../../renderer/features/invoices/columns';
import { dictionaries } from '../../../../../renderer/i18n/messages';

describe('columns', () => {
  it("are the contract's export columns; the default ones end with the status (OCR and currency are in the menu)", () => {
    expect(allColumnIds).toHaveLength(16);
    expect(defaultColumnIds).toEqual(['documentNumber', 'customerNumber', 'customerName', 'invoiceDate', 'dueDate', 'total', 'balance', 'status']);
  });

  it('sort on the server only where the service can: six columns, one each', () => {
    const sortable = allColumnIds.filter((id) => columnSpecs[id].sortField !== undefined);
    expect(sortable).toEqual(['documentNumber', 'customerNumber', 'customerName', 'invoiceDate', 'total', 'ocr']);
    for (const field of serviceSortsOf('invoices')) expect(columnSpecs[columnOfSortField(field)].sortField).toBe(field);
  });

  it('have a label in both languages', () => {
    for (const id of allColumnIds) {
      expect(dictionaries.sv[`list.invoices.col.${id}`]).toBeTruthy();
      expect(dictionaries.en[`list.invoices.col.${id}`]).toBeTruthy();
    }
  });
});
