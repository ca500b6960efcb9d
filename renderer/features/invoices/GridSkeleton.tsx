/** Placeholder rows shown while the grid's view or its first page is still loading. */
import type { ExportColumnId } from '../../../electron/ipc/contract';
import { columnSpecs } from './columns';
import { GROW_COLUMN, ROW_HEIGHT, SELECT_WIDTH } from './gridLayout';
import { defaultView } from './view';

export function SkeletonBody({ columns }: { columns: readonly ExportColumnId[] }) {
  return (
    <tbody role="rowgroup" className="grid-skeleton" aria-hidden="true" data-testid="grid-skeleton">
      {Array.from({ length: 12 }, (_, index) => (
        <tr key={index} role="row" style={{ height: ROW_HEIGHT }}>
          <td role="gridcell" className="cell-select" style={{ width: SELECT_WIDTH }} />
          {columns.map((id) => (
            <td key={id} role="gridcell" className={id === GROW_COLUMN ? 'grow' : undefined} style={{ width: columnSpecs[id].width }}>
              <span className="skeleton-bar" />
            </td>
          ))}
        </tr>
      ))}
    </tbody>
  );
}

export function GridSkeleton({ label }: { label: string }) {
  return (
    <section className="invoice-grid" aria-busy="true" aria-label={label} data-testid="invoice-grid-loading">
      <p className="muted">{label}</p>
      <div className="grid-scroll">
        <table className="grid-table" role="presentation">
          <SkeletonBody columns={defaultView.columns} />
        </table>
      </div>
    </section>
  );
}
