/** The column menu's moves over the visible columns (any resource's column ids). Pure. */

/** Shows or hides a column; the last visible column cannot be hidden. A shown column goes last. */
export function toggleColumn<C extends string>(columns: readonly C[], id: C): C[] {
  if (columns.includes(id)) return columns.length > 1 ? columns.filter((c) => c !== id) : [...columns];
  return [...columns, id];
}

/** Moves a visible column one step left (-1) or right (+1); out of range is a no-op. */
export function moveColumn<C extends string>(columns: readonly C[], id: C, delta: -1 | 1): C[] {
  const next = [...columns];
  const at = next.indexOf(id);
  const to = at + delta;
  if (at < 0 || to < 0 || to >= next.length) return next;
  [next[at], next[to]] = [next[to]!, next[at]!];
  return next;
}

/** The menu's list: visible columns in their order, then the hidden ones in their default order. */
export function columnMenuOrder<C extends string>(columns: readonly C[], all: readonly C[]): C[] {
  return [...columns, ...all.filter((id) => !columns.includes(id))];
}
