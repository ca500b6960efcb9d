/** Placeholder rows shown while the grid's view or its first page is still loading. */
import type { AnyGridResource } from './grid-resource';
import { ROW_HEIGHT, SELECT_WIDTH } from './grid-layout';

export function SkeletonBody({ resource, columns }: { resource: AnyGridResource; columns: readonly string[] }) {
  return (
    <tbody role="rowgroup" className="grid-skeleton" aria-hidden="true" data-testid="grid-skeleton">
      {Array.from({ length: 12 }, (_, index) => (
        <tr key={index} role="row" style={{ height: ROW_HEIGHT }}>
          <td role="gridcell" className="cell-select" style={{ width: SELECT_WIDTH }} />
          {columns.map((id) => (
            <td key={id} role="gridcell" className={id === resource.growColumn ? 'grow' : undefined} style={{ width: resource.columns[id]?.width }}>
              <span className="skeleton-bar" />
            </td>
          ))}
        </tr>
      ))}
    </tbody>
  );
}

export function GridSkeleton({ resource, label }: { resource: AnyGridResource; label: string }) {
  return (
    <section className="invoice-grid" aria-busy="true" aria-label={label} data-testid="invoice-grid-loading">
      <p className="muted">{label}</p>
      <div className="grid-scroll">
        <table className="grid-table" role="presentation">
          <SkeletonBody resource={resource} columns={resource.view.defaultView.columns} />
        </table>
      </div>
    </section>
  );
}
