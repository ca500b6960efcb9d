/**
 * How one cell of the grid, and one field of the details panel, reads: localised amounts, dates,
 * flags and status labels. Shared by the grid and the details panel so they never disagree.
 */
import type { ExportColumnId, InvoiceRow, InvoiceStatus, Language } from '../../../electron/ipc/contract';
import type { MessageKey } from '../../i18n/messages';
import { columnSpecs } from './columns';
import { formatAmount, formatDate } from './format';

type T = (key: MessageKey, params?: Record<string, string | number>) => string;

export const statusKey = (status: InvoiceStatus): MessageKey => `grid.status.${status}`;
export const columnKey = (id: ExportColumnId): MessageKey => `grid.col.${id}`;

/** The cell's text (also what the details panel shows for the field). */
export function cellText(id: ExportColumnId, row: InvoiceRow, language: Language, t: T): string {
  const spec = columnSpecs[id];
  const value = spec.value(row);
  switch (spec.kind) {
    case 'amount':
      return formatAmount(value as number, row.currency, language);
    case 'date':
      return formatDate(value as string | null, language);
    case 'flag':
      return t(value ? 'grid.yes' : 'grid.no');
    case 'status':
      return t(statusKey(row.status));
    default:
      return value === null ? '' : String(value);
  }
}

export function StatusBadge({ status, t }: { status: InvoiceStatus; t: T }) {
  return <span className={`status-badge status-${status}`}>{t(statusKey(status))}</span>;
}
