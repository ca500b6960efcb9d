import { useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { CompanySummary } from '../../../electron/ipc/contract';
import { desk, useCompanies, useCompanyAction, useSetActiveCompany } from '../../api';
import { swedishErrors, swedishKeysInMemoryOnly } from '../../i18n/errors';
import { useLanguage, useT } from '../../i18n/i18n';
import { OneLine } from '../../ui/OneLine';
import { SyncLine } from '../sync/SyncLine';
import { useSyncStatuses } from '../sync/queries';
import { askFirstPage } from '../workspace/first-page';
import type { RevokeWarning } from './RevokeNotice';
import { sidebarMatches, syncCounts } from './sidebar-counts';
import { createSwitcher } from './switch-when-ready';

/** From this many companies on, the sidebar has a search box (a firm's 300; an owner's two need none). */
export const SIDEBAR_SEARCH_FROM = 8;

/** An item's height as drawn (name, organisation number, sync line; the active one has its sync
 * buttons too): the virtualiser's first positions are right, and measuring moves nothing. */
const ITEM_HEIGHT = 68;
const ACTIVE_ITEM_HEIGHT = 92;

/**
 * The connected companies: switch with a click, rename, disconnect; the status shows as a badge,
 * the local copy's sync state below each (with Sync now and Full refresh for the active one). For a
 * firm: a search box, a line of how many are synced, syncing, waiting and failing, only the
 * companies in view rendered (TanStack Virtual, each measured), and the arrow keys, Home and End
 * moving between them. `showingCompany`: the window shows the active company's workspace; on All
 * companies, settings or the connect page no company is the current page, and none is marked so.
 */
export function CompanySidebar({ onAdd, onSelect, showingCompany }: { onAdd: () => void; onSelect: (id: string) => void; showingCompany: boolean }) {
  const t = useT();
  const companies = useCompanies();
  const setActive = useSetActiveCompany();
  const client = useQueryClient();
  const all = useMemo(() => companies.data?.companies ?? [], [companies.data]);
  const activeId = companies.data?.activeId ?? null;
  const currentId = showingCompany ? activeId : null;
  const statuses = useSyncStatuses();
  const [search, setSearch] = useState('');
  const searching = all.length >= SIDEBAR_SEARCH_FROM;
  // Only while the box is there: a list that shrank below it shows every company again.
  const list = useMemo(() => (searching ? all.filter((company) => sidebarMatches(company, search)) : all), [all, search, searching]);
  const counts = useMemo(() => syncCounts(all, statuses.data ?? []), [all, statuses.data]);
  const unseen = useMemo(() => new Map((statuses.data ?? []).map((s) => [s.companyId, s.unseen ?? 0])), [statuses.data]);
  const unseenOf = (id: string): number => unseen.get(id) ?? 0;
  const mutateActive = setActive.mutate;
  const [switchWhenReady] = useState(createSwitcher);
  // The same function across a firm's sync events (they draw the sidebar again, not Frame): the items keep their props and are not drawn again.
  const open = useCallback(
    (id: string) => {
      // Its page is asked for now, and the workspace shown once it is there (switch-when-ready.ts).
      switchWhenReady(id !== activeId ? askFirstPage(client, id) : undefined, () => {
        mutateActive([id]);
        onSelect(id);
      });
    },
    [switchWhenReady, mutateActive, activeId, client, onSelect],
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  // The app does not use the React Compiler; the virtualizer's methods are read fresh every render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count: list.length, getScrollElement: () => scrollRef.current, estimateSize: (index) => (list[index]?.id === activeId ? ACTIVE_ITEM_HEIGHT : ITEM_HEIGHT), overscan: 6, getItemKey: (index) => list[index]?.id ?? index });
  const focusItem = (index: number) => {
    virtualizer.scrollToIndex(index, { align: 'auto' });
    // The item may only be rendered after the scroll: focus it on the next frames.
    const tryFocus = (left: number) => {
      const button = scrollRef.current?.querySelector<HTMLButtonElement>(`[data-index="${index}"] .company-item`);
      if (button) button.focus();
      else if (left > 0) requestAnimationFrame(() => tryFocus(left - 1));
    };
    requestAnimationFrame(() => tryFocus(5));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const item = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (!item || !(event.target as HTMLElement).classList.contains('company-item')) return;
    const at = Number(item.dataset.index);
    const to = event.key === 'ArrowDown' ? at + 1 : event.key === 'ArrowUp' ? at - 1 : event.key === 'Home' ? 0 : event.key === 'End' ? list.length - 1 : -1;
    if (to < 0 || to >= list.length || !['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    focusItem(to);
  };
  return (
    <nav className="company-nav" aria-label={t('sidebar.companies')}>
      {all.length === 0 && <p className="muted">{t('sidebar.noCompanies')}</p>}
      {searching && (
        <>
          <p className="sidebar-counts small muted" data-testid="sidebar-counts" data-synced={counts.synced} data-syncing={counts.syncing} data-waiting={counts.waiting} data-failing={counts.failing}>
            <span aria-hidden="true">{t('sidebar.counts', { ...counts })}</span>
            <span className="visually-hidden">{t('sidebar.countsLabel', { ...counts })}</span>
          </p>
          <label className="sidebar-search">
            <span className="visually-hidden">{t('sidebar.search')}</span>
            <input
              type="search"
              value={search}
              placeholder={t('sidebar.searchPlaceholder')}
              onChange={(event) => setSearch(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'ArrowDown' && list.length > 0) {
                  event.preventDefault();
                  focusItem(0);
                }
              }}
              data-testid="sidebar-search"
            />
          </label>
          {list.length === 0 && <p className="muted small">{t('sidebar.noMatch')}</p>}
        </>
      )}
      <div className="company-list-scroll" ref={scrollRef} onKeyDown={onKeyDown}>
        <ul className="company-list" style={{ height: virtualizer.getTotalSize() }} data-testid="company-list" data-count={list.length}>
          {virtualizer.getVirtualItems().map((row) => {
            const company = list[row.index]!;
            return (
              <li key={company.id} data-index={row.index} ref={virtualizer.measureElement} style={{ transform: `translateY(${row.start}px)` }} aria-setsize={list.length} aria-posinset={row.index + 1}>
                <SidebarItem company={company} current={company.id === currentId} active={company.id === activeId} unseen={unseenOf(company.id)} onOpen={open} />
              </li>
            );
          })}
        </ul>
      </div>
      <button type="button" onClick={onAdd}>
        + {t('sidebar.add')}
      </button>
    </nav>
  );
}

/**
 * One company in the sidebar: its button and its sync line. Drawn again only when its own props
 * change; the sidebar is drawn again for every batch of a firm's sync events (its counts), and each
 * of the twenty items in view was drawn with it.
 */
const SidebarItem = memo(function SidebarItem({ company, current, active, unseen, onOpen }: { company: CompanySummary; current: boolean; active: boolean; unseen: number; onOpen: (id: string) => void }) {
  const t = useT();
  return (
    <>
      <button
        type="button"
        className={`company-item${current ? ' active' : ''}`}
        aria-current={current ? 'page' : undefined}
        onClick={() => onOpen(company.id)}
        data-company={company.id}
      >
        <OneLine className="company-name" text={company.name} />
        <span className="company-meta">
          {company.organisationNumber}
          {company.demo ? ` · ${t('company.demo')}` : ''}
          {company.kind === 'service' ? ` · ${t('company.service')}` : ''}
        </span>
        {company.status !== 'connected' && <span className={`badge badge-${company.status}`}>{t(`status.company.${company.status}`)}</span>}
        {unseen > 0 && (
          <span className="unseen-badge" data-testid="unseen-badge" aria-label={t('digest.unseen', { count: unseen })}>
            {unseen}
          </span>
        )}
      </button>
      <SyncLine companyId={company.id} companyName={company.name} active={active} />
    </>
  );
});

/** Rename and disconnect for the active company (shown above its grid). */
export function CompanyHeader({ company, onReconnect, onRevokeWarning }: { company: CompanySummary; onReconnect: () => void; onRevokeWarning: (warning: RevokeWarning) => void }) {
  const t = useT();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(company.name);
  const rename = useCompanyAction((id: string, value: string) => desk().companies.rename(id, value));
  const disconnect = useCompanyAction(
    (id: string) => desk().companies.disconnect(id),
    (result) => {
      if (result.revokeWarning) onRevokeWarning(result.revokeWarning);
    },
  );
  const language = useLanguage();
  // The main process words the status in English; the Swedish UI shows its own words for the kind.
  const swedish = language === 'sv' && company.status !== 'connected' ? (company.keysInMemoryOnly ? swedishKeysInMemoryOnly : swedishErrors[company.status]) : undefined;
  return (
    <header className="company-header">
      {renaming ? (
        <form
          className="row-actions"
          onSubmit={(event) => {
            event.preventDefault();
            rename.mutate([company.id, name], { onSuccess: () => setRenaming(false) });
          }}
        >
          <label>
            <span className="visually-hidden">{t('company.name')}</span>
            <input value={name} onChange={(e) => setName(e.target.value)} maxLength={120} required autoFocus />
          </label>
          <button type="submit" className="primary">
            {t('company.save')}
          </button>
          <button type="button" onClick={() => setRenaming(false)}>
            {t('connect.cancel')}
          </button>
        </form>
      ) : (
        <h1>
          <OneLine text={company.name} />
        </h1>
      )}
      <div className="row-actions">
        {!renaming && (
          <button
            type="button"
            onClick={() => {
              setName(company.name);
              setRenaming(true);
            }}
          >
            {t('company.rename')}
          </button>
        )}
        {company.kind === 'user' && (
          <button type="button" onClick={onReconnect}>
            {t('connect.reconnect')}
          </button>
        )}
        <button
          type="button"
          onClick={() => {
            if (window.confirm(t('company.disconnectConfirm', { name: company.name }))) disconnect.mutate([company.id]);
          }}
        >
          {t('company.disconnect')}
        </button>
      </div>
      {company.status === 'connected' && company.expiresInDays !== undefined && (
        <div className="banner banner-warning" role="status" data-testid="company-expiry">
          <div>{t('company.expiresSoon', { days: company.expiresInDays })}</div>
          {company.kind === 'user' && (
            <button type="button" onClick={onReconnect}>
              {t('connect.reconnect')}
            </button>
          )}
        </div>
      )}
      {company.status !== 'connected' && (
        <div className={`banner ${company.status === 'licence-missing' ? 'banner-warning' : 'banner-error'}`} role="alert" data-testid="company-status">
          <div>
            <strong>{swedish ? swedish.headline : company.statusMessage}</strong>
            <div className="banner-remedy">{swedish ? swedish.remedy : company.remedy}</div>
          </div>
          {company.status !== 'licence-missing' && company.kind === 'user' && (
            <button type="button" className="primary" onClick={onReconnect}>
              {t('connect.reconnect')}
            </button>
          )}
        </div>
      )}
    </header>
  );
}
