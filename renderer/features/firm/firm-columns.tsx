/**
 * The firm's overview's columns (TanStack Table): each sorts by its own value, an unknown value
 * (no copy yet, no supplier side) last whichever way; amounts and the days largest first.
 */
import { createColumnHelper, createSortedRowModel, rowSortingFeature, sortFn_basic, tableFeatures, type Row } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { MessageKey } from '../../i18n/messages';
import { firmFigures, figureValue, type FirmFigure } from './firm-links';
import { healthKinds, type FirmRow } from './firm-rows';

export const firmFeatures = tableFeatures({ rowSortingFeature, sortedRowModel: createSortedRowModel(), sortFns: { basic: sortFn_basic } });
const helper = createColumnHelper<typeof firmFeatures, FirmRow>();

export type FirmColumnId = 'name' | FirmFigure | 'health' | 'tags';
export const columnLabel = (id: FirmColumnId): MessageKey => `firm.col.${id}` as MessageKey;

/** Text in Swedish order (å, ä, ö after z), unknown last. */
const byText = (id: string) => (a: Row<typeof firmFeatures, FirmRow>, b: Row<typeof firmFeatures, FirmRow>) =>
  String(a.getValue(id) ?? '').localeCompare(String(b.getValue(id) ?? ''), 'sv', { sensitivity: 'base' });

export interface CellRenderers {
  name(row: FirmRow): ReactNode;
  figure(row: FirmRow, figure: FirmFigure): ReactNode;
  health(row: FirmRow): ReactNode;
  tags(row: FirmRow): ReactNode;
}

export function firmColumns(cells: CellRenderers) {
  return helper.columns([
    helper.accessor((row) => row.name, { id: 'name', sortFn: byText('name'), cell: (ctx) => cells.name(ctx.row.original) }),
    // Beside the name: the firm reads its own labels (whose client it is) with the company.
    helper.accessor((row) => (row.tags.length > 0 ? row.tags.join(', ') : undefined), { id: 'tags', sortFn: byText('tags'), sortUndefined: 'last', cell: (ctx) => cells.tags(ctx.row.original) }),
    ...firmFigures.map((figure) =>
      helper.accessor((row) => figureValue(figure, row.summary) ?? undefined, {
        id: figure,
        sortFn: 'basic',
        sortDescFirst: figure !== 'lowestWeek',
        sortUndefined: 'last',
        cell: (ctx) => cells.figure(ctx.row.original, figure),
      }),
    ),
    // The worst first when ascending; among equals, the longest since its last read first.
    helper.accessor((row) => healthKinds.indexOf(row.health) * 1e13 + (row.lastSyncedAt ? Date.parse(row.lastSyncedAt) : 0), { id: 'health', sortFn: 'basic', sortDescFirst: false, cell: (ctx) => cells.health(ctx.row.original) }),
  ]);
}
