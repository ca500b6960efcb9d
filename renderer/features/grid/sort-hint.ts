/** A column header's tooltip: what a click will do next, and for Total and Balance what they sort by. */
import type { MessageKey } from '../../i18n/messages';
import type { GridMode } from './grid-mode';

export interface HeaderState {
  /** The column's id (Total and Balance are 'total' and 'balance' in both grids). */
  id: string;
  canSort: boolean;
  sorted: false | 'asc' | 'desc';
  /** Amounts and dates sort largest/newest first. */
  descFirst: boolean;
  /** Who sorts: the local copy (Total and Balance in SEK at each invoice's rate) or the service (the amounts as written). */
  mode: GridMode;
  /** The grid's words for a header that cannot sort (each list says why: its registry words). */
  notSortable: MessageKey;
}

export function headerTitle(state: HeaderState, t: (key: MessageKey) => string): string {
  if (!state.canSort) return t(state.notSortable);
  const hint = sortHint(state.sorted, state.descFirst, t);
  if (state.id !== 'total' && state.id !== 'balance') return hint;
  return `${hint} ${t(state.mode === 'local' ? 'grid.sort.amountInSek' : 'grid.sort.amountAsWritten')}`;
}

function sortHint(sorted: false | 'asc' | 'desc', descFirst: boolean, t: (key: MessageKey) => string): string {
  if (sorted === false) return t('grid.sort.none');
  if (descFirst) return t(sorted === 'desc' ? 'grid.sort.descendingFirst' : 'grid.sort.ascendingLast');
  return t(sorted === 'asc' ? 'grid.sort.ascending' : 'grid.sort.descending');
}
