/**
 * A list's grid columns from its registry description (common/lists): each column's kind, width,
 * value, the copy's sort field and whether the service sorts by it too. The grid, the column menu,
 * the fit and the view rules read these; nothing of a column is written again here.
 */
import type { ListField } from '../../../electron/common/lists/list-description';
import { columnIdsOf, lists, type ColumnOf } from '../../../electron/common/lists/registry';
import type { ResourceId } from '../../../electron/common/resources';
import type { ColumnDisplay } from './grid-resource';

export interface ListColumn<Row, Local extends string = string, Service extends string = string> extends ColumnDisplay<Row> {
  id: string;
  /** The local copy's sort field (undefined: the column does not sort there). */
  localSortField?: Local;
  /** The service's sort field, for the columns the service can sort. */
  sortField?: Service;
}

/** Every column of a list, by its id, in the registry's order. */
export function listColumns<R extends ResourceId, Row, Local extends string = string, Service extends string = string>(id: R): Record<ColumnOf<R>, ListColumn<Row, Local, Service>> {
  const fields = lists[id].fields as Readonly<Record<string, ListField<Row>>>;
  const entries = columnIdsOf(id).map((column) => {
    const field = fields[column]!;
    const spec: ListColumn<Row, Local, Service> = {
      id: column,
      kind: field.kind,
      width: field.width,
      value: (row) => field.value(row),
      ...(field.sort ? { localSortField: field.sort.field as Local } : {}),
      ...(field.sort && field.serviceSorts ? { sortField: field.sort.field as Service } : {}),
    };
    return [column, spec] as const;
  });
  return Object.fromEntries(entries) as Record<ColumnOf<R>, ListColumn<Row, Local, Service>>;
}
