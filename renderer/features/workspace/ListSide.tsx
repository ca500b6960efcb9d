/**
 * A list's tab (its entry in list-tabs.ts): its grid, or, for a list with access words, when the
 * company cannot read that list (SyncStatus.resources[id].error: a scope the company never
 * approved, a module licence or a user permission it lacks), what is missing and the one thing
 * that fixes it. A company connected before the list existed gets "Godkänn åtkomst": the reconnect
 * flow, whose new consent asks for the list's scope. The other tabs keep working either way.
 */
import { useId, type ReactElement } from 'react';
import type { CompanySummary, IpcError } from '../../../electron/ipc/contract';
import { useOwnT } from '../../i18n/own-words';
import type { AnyGridView, GridRow } from '../grid/grid-resource';
import { ResourceGrid } from '../grid/ResourceGrid';
import type { ViewChannel } from '../grid/view-channel';
import { useCompanySync } from '../sync/queries';
import { accessNoticeText } from './access-text';
import type { ListTab, OpenTab } from './tab-entry';

export interface ListSideProps {
  company: CompanySummary;
  tab: ListTab;
  /** The views sent to this tab's grid from beside it (the overview's links, an event, another tab's row). */
  links: ViewChannel<AnyGridView>;
  /** Shows another tab with its view changed: where a row leads (tab.follow). */
  open: OpenTab;
  onReconnect?: (() => void) | undefined;
}

export function ListSide({ company, tab, links, open, onReconnect }: ListSideProps) {
  const { follow } = tab;
  const onFollow = follow ? (row: GridRow, document?: string) => follow(row, open, document) : undefined;
  const grid = <ResourceGrid resource={tab.grid} companyId={company.id} links={links} {...(onReconnect ? { onReconnect } : {})} {...(onFollow ? { onFollow } : {})} />;
  return tab.access ? <Guarded company={company} tab={tab} access={tab.access} grid={grid} onReconnect={onReconnect} /> : grid;
}

/** The grid, unless the company's sync says it cannot read the list. */
function Guarded({ company, tab, access, grid, onReconnect }: { company: CompanySummary; tab: ListTab; access: NonNullable<ListTab['access']>; grid: ReactElement; onReconnect: (() => void) | undefined }) {
  const { status } = useCompanySync(company.id);
  const error = status?.phase === 'off' ? undefined : status?.resources[tab.grid.id].error;
  if (error) return <AccessNotice error={error} serviceAccount={company.kind !== 'user'} onReconnect={onReconnect} access={access} />;
  return grid;
}

function AccessNotice({ error, serviceAccount, onReconnect, access }: { error: IpcError; serviceAccount: boolean; onReconnect: (() => void) | undefined; access: NonNullable<ListTab['access']> }) {
  const t = useOwnT(access.words);
  const text = accessNoticeText(error, serviceAccount);
  const titleId = useId();
  return (
    <section className="card supplier-access" aria-labelledby={titleId} data-testid={access.testId} data-kind={error.kind}>
      <h2 id={titleId}>{t(text.title)}</h2>
      {text.body ? <p>{t(text.body)}</p> : <p>{error.remedy ?? error.message}</p>}
      <p className="muted small" lang="en">
        {error.message}
      </p>
      {text.approve && onReconnect && (
        <button type="button" className="primary" onClick={onReconnect} data-testid={access.testId.replace(/-access$/, '-approve')}>
          {t('approve')}
        </button>
      )}
    </section>
  );
}
