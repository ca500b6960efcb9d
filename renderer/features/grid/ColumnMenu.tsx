/**
 * The column menu: a checkbox per column to show or hide it and buttons to move a visible column
 * left or right. Plain buttons rather than drag and drop: they work with the keyboard and a screen
 * reader without extra machinery.
 */
import { useT } from '../../i18n/i18n';
import type { AnyGridResource } from './grid-resource';
import { usePopover } from './popover';
import { columnMenuOrder, moveColumn, toggleColumn } from './column-order';

export function ColumnMenu({ resource, columns, onChange }: { resource: AnyGridResource; columns: readonly string[]; onChange: (columns: string[]) => void }) {
  const t = useT();
  const { open, side, panelId, buttonRef, panelRef, toggle, close } = usePopover('input');

  return (
    <div className="popover-anchor">
      <button ref={buttonRef} type="button" aria-expanded={open} aria-controls={panelId} onClick={toggle} data-testid="column-menu-button">
        {t('grid.columns.button')}
      </button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          className={`popover column-menu popover-${side}`}
          role="group"
          aria-label={t('grid.columns.title')}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              close();
            }
          }}
        >
          <h2 className="popover-title">{t('grid.columns.title')}</h2>
          <ul className="column-list">
            {columnMenuOrder(columns, resource.view.spec.allColumns).map((id) => {
              const visible = columns.includes(id);
              const at = columns.indexOf(id);
              const name = t(resource.labels.column(id));
              return (
                <li key={id} data-column={id}>
                  <label className="checkbox-label">
                    <input
                      type="checkbox"
                      checked={visible}
                      disabled={visible && columns.length === 1}
                      onChange={() => onChange(toggleColumn(columns, id))}
                    />
                    {name}
                  </label>
                  <span className="column-moves">
                    <button type="button" disabled={!visible || at === 0} onClick={() => onChange(moveColumn(columns, id, -1))} aria-label={t('grid.columns.moveUp', { name })}>
                      ↑
                    </button>
                    <button
                      type="button"
                      disabled={!visible || at === columns.length - 1}
                      onClick={() => onChange(moveColumn(columns, id, 1))}
                      aria-label={t('grid.columns.moveDown', { name })}
                    >
                      ↓
                    </button>
                  </span>
                </li>
              );
            })}
          </ul>
          <div className="popover-actions">
            <button type="button" onClick={() => onChange([...resource.view.spec.defaultColumns])}>
              {t('grid.columns.reset')}
            </button>
            <button type="button" onClick={close}>
              {t('grid.columns.close')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
