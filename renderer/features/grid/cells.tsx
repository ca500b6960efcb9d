/**
 * How one cell of a grid, and one field of a details panel, reads: localised amounts, dates,
 * flags and status labels, for any resource (its description says each column's kind and labels).
 * Shared by the grid and the details panels so they never disagree.
 */
import type { Language } from '../../../electron/ipc/contract';
import type { MessageKey } from '../../i18n/messages';
import type { AnyGridResource, GridRow } from './grid-resource';
import { formatAmount, formatDate } from './format';

type T = (key: MessageKey, params?: Record<string, string | number>) => string;

/** The cell's text (also what a details panel shows for the field). */
export function cellText(resource: AnyGridResource, id: string, row: GridRow, language: Language, t: T): string {
  const spec = resource.columns[id];
  if (!spec) return '';
  const value = spec.value(row);
  // Not known (a customer's figures without the copy, an item that does not say Active): empty.
  if (value === null) return '';
  switch (spec.kind) {
    case 'amount':
      return formatAmount(value as number, row.currency, language);
    case 'date':
      return formatDate(value as string | null, language);
    case 'flag':
      return t(value ? 'grid.yes' : 'grid.no');
    case 'status':
      return t(resource.labels.status(row.status));
    default:
      return String(value);
  }
}

/** A status as a coloured badge (grid.css: `status-<status>`). */
export function StatusBadge({ status, label }: { status: string; label: string }) {
  return <span className={`status-badge status-${status}`}>{label}</span>;
}
