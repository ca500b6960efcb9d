/**
 * The parts every resource's details panel is built from: the panel itself (non-modal: the grid
 * stays usable beside it and the arrow keys move through the rows while it is open; Escape closes
 * it and gives the focus back to the grid), the list fields of the selected row, a labelled
 * amount, the open/save buttons of the document's file (opened or saved by the main process: the
 * page never sees the file), and the pause before a row's document is read.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { Language, Result } from '../../../electron/ipc/contract';
import { unwrap, type DeskError } from '../../api';
import { useT } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/messages';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { cellText, StatusBadge } from './cells';
import type { AnyGridResource, GridRow } from './grid-resource';

export function DetailsPanel({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const t = useT();
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
  }, []);
  return (
    <section
      className="invoice-details card"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      data-testid="invoice-details"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <header className="details-header">
        <h2 id={titleId}>{title}</h2>
        <button ref={closeRef} type="button" onClick={onClose} aria-label={t('grid.details.close')}>
          ×
        </button>
      </header>
      {children}
    </section>
  );
}

/** Every list field of the row, as the grid shows it, and the resource's `extra` fields after them (`worded`: their labels in the feature's own words, own-words.ts). */
export function ListFields({
  resource,
  row,
  language,
  extra = [],
  worded = [],
}: {
  resource: AnyGridResource;
  row: GridRow;
  language: Language;
  extra?: ReadonlyArray<[MessageKey, string]>;
  worded?: ReadonlyArray<[label: string, value: string]>;
}) {
  const t = useT();
  return (
    <>
      <h3>{t('details.listFields')}</h3>
      <dl className="facts details-facts">
        {resource.view.spec.allColumns.map((id) => {
          const kind = resource.columns[id]?.kind;
          return (
            <div key={id} className="details-fact" data-field={id}>
              <dt>{t(resource.labels.column(id))}</dt>
              <dd className={kind === 'amount' ? 'num' : undefined}>
                {kind === 'status' ? <StatusBadge status={row.status} label={t(resource.labels.status(row.status))} /> : cellText(resource, id, row, language, t) || '–'}
              </dd>
            </div>
          );
        })}
        {[...extra.map(([key, value]) => [t(key), value] as const), ...worded].map(([label, value]) => (
          <div key={label} className="details-fact">
            <dt>{label}</dt>
            <dd>{value || '–'}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

export function Fact({ label, value, strong, field }: { label: string; value: ReactNode; strong?: boolean; field?: string }) {
  return (
    <div className="details-fact" data-field={field}>
      <dt>{label}</dt>
      <dd className="num">{strong ? <strong>{value}</strong> : value}</dd>
    </div>
  );
}

/** How long the selection must rest on a row before its document is read. */
const SETTLE_MS = 250;

/**
 * Arrowing through the list with the panel open asks the service only for the row the user stops
 * at (each request costs a share of the company's 25 per 5 s); a cached one shows at once.
 */
export function useSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(true), SETTLE_MS);
    return () => clearTimeout(timer);
  }, []);
  return settled;
}

export interface FileActionLabels {
  open: MessageKey;
  save: MessageKey;
  opened: MessageKey;
  saved: MessageKey;
}

/** Open (in the system's viewer) and Save… (where the save dialog says) of a document's file; the window learns only the file's name. */
export function FileActions({
  open: openFile,
  save: saveFile,
  labels,
  testIds,
}: {
  open: () => Promise<Result<{ fileName: string }>>;
  save: () => Promise<Result<{ fileName: string } | null>>;
  labels: FileActionLabels;
  testIds: { open: string; save: string; status: string };
}) {
  const t = useT();
  const open = useMutation<{ fileName: string }, DeskError>({ mutationFn: () => unwrap(openFile()) });
  const save = useMutation<{ fileName: string } | null, DeskError>({ mutationFn: () => unwrap(saveFile()) });
  const error = open.error ?? save.error;
  return (
    <div className="pdf-actions">
      <div className="row-actions">
        {/* aria-disabled, not disabled: a disabled button drops the focus to the page, and Escape would no longer close the panel. */}
        <button type="button" className="primary" onClick={() => !open.isPending && (save.reset(), open.mutate())} aria-disabled={open.isPending} data-testid={testIds.open}>
          {t(labels.open)}
        </button>
        <button type="button" onClick={() => !save.isPending && (open.reset(), save.mutate())} aria-disabled={save.isPending} data-testid={testIds.save}>
          {t(labels.save)}
        </button>
      </div>
      <div role="status" data-testid={testIds.status}>
        {open.data && t(labels.opened, { name: open.data.fileName })}
        {save.data && t(labels.saved, { name: save.data.fileName })}
      </div>
      {error && <ErrorBanner error={error} />}
    </div>
  );
}
