import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { CompanySummary } from '../../../electron/ipc/contract';
import { useT } from '../../i18n/i18n';
import { HeadlineStrip } from '../overview/HeadlineStrip';
import { isCustomerLink, linkView, type OverviewLink } from '../overview/links';
import { ReceivablesOverview } from '../overview/ReceivablesOverview';
import { supplierLinkView } from '../overview/supplier-links';
import type { SupplierGridView } from '../supplierinvoices/supplier-columns';
import type { AnyGridView } from '../grid/grid-resource';
import type { InvoiceGridView } from '../invoices/view';
import { createViewChannel, type ViewChannel } from '../grid/view-channel';
import { ListSide } from './ListSide';
import { listTabs } from './list-tabs';
import type { OpenTab, TabListId } from './tab-entry';
import { DigestPanel } from '../digest/DigestPanel';
import type { DigestItem } from '../../../electron/common/digest';
import { useCompanySync } from '../sync/queries';
import { tabLists, useWorkspaceTab, workspaceTabs, type WorkspaceTab } from './workspace-tab';

/**
 * The active company's work area: one line of headline figures above its tabs, its overview of
 * money in and out, what changed since you last looked, and a tab per list that has one (its grid,
 * or what its side lacks and how to fix it: list-tabs.ts), the choice remembered per company and
 * the customer invoices first (docs/decisions/0011-first-screen-grid-first.md). A figure of the
 * line or of the overview switches to its grid's tab and sets that grid's view to exactly its
 * invoices. The panel fills what the window leaves: a grid takes its height, the overview scrolls
 * inside it. Reconnect is offered only for companies connected in the browser: a service account
 * is not fixed by a user sign-in (its errors offer Retry and their remedy).
 */
/** What the workspace opens with, once: an event of "Sedan sist" (its invoice), or a figure of the firm's overview (its link). */
export type WorkspaceOpening = Pick<DigestItem, 'resource' | 'id'> | { link: OverviewLink; asOf: string };

/** A channel per list tab: a view sent before its grid is mounted (another tab was showing) waits in it until the grid listens. */
const tabChannels = (): Record<TabListId, ViewChannel<AnyGridView>> => Object.fromEntries(tabLists.map((id) => [id, createViewChannel<AnyGridView>()])) as Record<TabListId, ViewChannel<AnyGridView>>;

export function CompanyWorkspace({ company, onReconnect, opening, onOpened }: { company: CompanySummary; onReconnect: () => void; opening?: WorkspaceOpening | undefined; onOpened?: () => void }) {
  // One per grid per mounted workspace (App keys it by company).
  const [channels] = useState(tabChannels);
  const [tab, setTab] = useWorkspaceTab(company.id);
  const open: OpenTab = (to, update) => {
    setTab(to);
    channels[to].send(update);
  };
  // The grid takes views of any list; each link speaks its own grid's view.
  const openLink = (link: OverviewLink, asOf: string) => {
    if (isCustomerLink(link)) open('invoices', (view) => linkView(view as InvoiceGridView, link, asOf));
    else open('supplierinvoices', (view) => supplierLinkView(view as SupplierGridView, link, asOf));
  };
  // An event of "Sedan sist": its row in its list's grid.
  const openEvent = (item: Pick<DigestItem, 'resource' | 'id'>) => open(item.resource, listTabs[item.resource].showEvent(item.id));
  // Opened from All companies (its digest's event, or a figure of the firm's overview): once.
  useEffect(() => {
    if (!opening) return;
    if ('link' in opening) openLink(opening.link, opening.asOf);
    else openEvent(opening);
    onOpened?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per event handed over
  }, [opening]);
  const ids = useId();
  const tabId = (id: WorkspaceTab) => `${ids}-tab-${id}`;
  const panelId = `${ids}-panel`;
  const reconnect = company.kind === 'user' ? { onReconnect } : {};
  return (
    <>
      <HeadlineStrip companyId={company.id} onLink={openLink} />
      <WorkspaceTabs tab={tab} onChange={setTab} tabId={tabId} panelId={panelId} companyId={company.id} />
      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(tab)}
        className={`workspace-panel${tab === 'overview' || tab === 'digest' ? ' workspace-panel-scroll' : ''}`}
        data-testid="workspace-panel"
        data-tab={tab}
      >
        {tab === 'overview' ? (
          <ReceivablesOverview companyId={company.id} onLink={openLink} />
        ) : tab === 'digest' ? (
          <DigestPanel companyId={company.id} onOpen={openEvent} />
        ) : (
          <ListSide key={tab} company={company} tab={listTabs[tab]} links={channels[tab]} open={open} {...reconnect} />
        )}
      </div>
    </>
  );
}

/** The tab list (WAI-ARIA tabs: one tab stop, the arrow keys, Home and End move between the tabs and show them). */
function WorkspaceTabs({ tab, onChange, tabId, panelId, companyId }: { tab: WorkspaceTab; onChange: (tab: WorkspaceTab) => void; tabId: (id: WorkspaceTab) => string; panelId: string; companyId: string }) {
  const t = useT();
  const unseen = useCompanySync(companyId).status?.unseen ?? 0;
  const refs = useRef(new Map<WorkspaceTab, HTMLButtonElement | null>());
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = workspaceTabs.indexOf(tab);
    const to =
      event.key === 'ArrowRight' ? (at + 1) % workspaceTabs.length
      : event.key === 'ArrowLeft' ? (at - 1 + workspaceTabs.length) % workspaceTabs.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? workspaceTabs.length - 1
      : -1;
    if (to < 0) return;
    event.preventDefault();
    const next = workspaceTabs[to]!;
    onChange(next);
    refs.current.get(next)?.focus();
  };
  return (
    <div className="workspace-tabs" role="tablist" aria-label={t('tabs.label')} onKeyDown={move} data-testid="workspace-tabs">
      {workspaceTabs.map((id) => (
        <button
          key={id}
          ref={(element) => {
            refs.current.set(id, element);
          }}
          type="button"
          role="tab"
          id={tabId(id)}
          aria-selected={tab === id}
          aria-controls={panelId}
          tabIndex={tab === id ? 0 : -1}
          className="workspace-tab"
          onClick={() => onChange(id)}
          data-tab={id}
        >
          {t(id === 'overview' ? 'tabs.overview' : id === 'digest' ? 'tabs.digest' : `list.${id}.grid`)}
          {id === 'digest' && unseen > 0 && (
            <span className="tab-count" aria-label={t('digest.unseen', { count: unseen })} data-testid="digest-tab-count">
              {unseen}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}
