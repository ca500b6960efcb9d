import { useCallback, useEffect, useState } from 'react';
import { useCompanies, useDeskEvent, useSetActiveCompany, useSettings } from './api';
import type { DigestItem } from '../electron/common/digest';
import { DigestPanel } from './features/digest/DigestPanel';
import { writeTab } from './features/workspace/workspace-tab';
import { readMainView, writeMainView } from './features/workspace/main-view';
import { CompanyHeader, CompanySidebar } from './features/companies/CompanySidebar';
import { ConnectPanel } from './features/companies/ConnectPanel';
import { RevokeNotice, type RevokeWarning } from './features/companies/RevokeNotice';
import { CompanyWorkspace, type WorkspaceOpening } from './features/workspace/CompanyWorkspace';
import { AllCompaniesView } from './features/firm/AllCompaniesView';
import type { OpenCompany } from './features/firm/FirmOverview';
import { LanguagePicker, SettingsPanel } from './features/settings/SettingsPanel';
import { useSyncStatuses } from './features/sync/queries';
import { describeSync } from './features/sync/sync-text';
import { LanguageProvider, useLanguage, useT } from './i18n/i18n';
import { ErrorBanner } from './ui/ErrorBanner';
import { StatusHintContext } from './ui/status-hint';

type View = { kind: 'company' } | { kind: 'connect'; reconnectCompanyId?: string } | { kind: 'settings' } | { kind: 'all' };

/** The frame: companies in the sidebar, the work in the main area, quiet status at the bottom. */
export function App() {
  const settings = useSettings();
  return (
    <LanguageProvider language={settings.data?.language ?? 'sv'}>
      <Frame />
    </LanguageProvider>
  );
}

function Frame() {
  const t = useT();
  const companies = useCompanies();
  // Where the window was left: All companies, or a company's workspace (main-view.ts).
  const [view, setView] = useState<View>(() => ({ kind: readMainView(window.localStorage) }));
  useEffect(() => {
    if (view.kind === 'all' || view.kind === 'company') writeMainView(window.localStorage, view.kind);
  }, [view.kind]);
  // Kept here: the header that disconnected is gone by the time the answer arrives.
  const [revokeWarning, setRevokeWarning] = useState<RevokeWarning | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const active = companies.data?.companies.find((c) => c.id === companies.data?.activeId);
  // All companies, remembered from a window that had some, while none are connected now: the welcome.
  const showAll = view.kind === 'all' && companies.data?.companies.length !== 0;
  const showConnect = view.kind === 'connect' || ((view.kind === 'company' || view.kind === 'all') && !showAll && companies.data !== undefined && !active);
  const setActive = useSetActiveCompany();
  // A desktop notification clicked, or an event of All companies' digest: that company, its
  // "Sedan sist" tab (remounted, so a workspace already on screen shows it) or the event's invoice.
  // The item waits for its own company's workspace (keyed by company id below), which shows at once: setActive changes the active company before its answer.
  const [opening, setOpening] = useState<{ nonce: number; companyId?: string; item?: WorkspaceOpening }>({ nonce: 0 });
  // Done: the item is dropped, the key kept (a new key would mount the workspace again, without the view it was just sent).
  const opened = () => setOpening(({ item: _done, ...kept }) => kept);
  const openCompany = (companyId: string, item?: DigestItem) => {
    if (!item) writeTab(window.localStorage, companyId, 'digest');
    setOpening((previous) => ({ nonce: previous.nonce + 1, companyId, ...(item ? { item } : {}) }));
    setActive.mutate([companyId]);
    setView({ kind: 'company' });
  };
  // A row of the firm's overview: its company, and with a figure its grid narrowed to that figure's invoices.
  const openFromFirm: OpenCompany = useCallback(
    (companyId, link) => {
      setOpening((previous) => ({ nonce: previous.nonce + 1, companyId, ...(link ? { item: link } : {}) }));
      setActive.mutate([companyId]);
      setView({ kind: 'company' });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- setActive.mutate is stable in what it does
    [],
  );
  useDeskEvent('digest:open', ({ companyId }) => {
    if (companies.data?.companies.some((c) => c.id === companyId)) openCompany(companyId);
  });

  return (
    <StatusHintContext.Provider value={setHint}>
      <div className="app-frame">
        <aside className="sidebar" aria-label={t('sidebar.region')}>
          <div className="brand">{t('app.title')}</div>
          <h2 className="sidebar-heading">{t('sidebar.companies')}</h2>
          {(companies.data?.companies.length ?? 0) > 0 && (
            <button type="button" className="all-companies-button" onClick={() => setView({ kind: 'all' })} aria-pressed={view.kind === 'all'} data-testid="all-companies-button">
              {t('all.button')}
            </button>
          )}
          <CompanySidebar onAdd={() => setView({ kind: 'connect' })} onSelect={() => setView({ kind: 'company' })} showingCompany={view.kind === 'company' && active !== undefined} />
          <div className="sidebar-footer">
            <button type="button" onClick={() => setView({ kind: 'settings' })} aria-pressed={view.kind === 'settings'}>
              {t('settings.title')}
            </button>
            <LanguagePicker />
          </div>
        </aside>
        {/* The frame is fixed to the window: the main area scrolls on its own (settings, the connect
            page; a company's workspace fits it, its grid and overview scroll inside). */}
        <main className={`main-area${view.kind === 'company' && active ? ' main-workspace' : ''}`}>
          {companies.error && (
            <ErrorBanner
              error={companies.error}
              action={
                <button type="button" onClick={() => void companies.refetch()}>
                  {t('grid.action.retry')}
                </button>
              }
            />
          )}
          {revokeWarning && <RevokeNotice warning={revokeWarning} onDismiss={() => setRevokeWarning(null)} />}
          {view.kind === 'settings' && <SettingsPanel />}
          {showAll && (
            <>
              <AllCompaniesView onOpen={openFromFirm} />
              <DigestPanel companyId={null} onOpen={(item) => openCompany(item.companyId, item)} />
            </>
          )}
          {showConnect && (
            <>
              {!active && <h1>{t('main.welcome')}</h1>}
              <ConnectPanel
                {...(view.kind === 'connect' && view.reconnectCompanyId ? { reconnectCompanyId: view.reconnectCompanyId } : {})}
                onConnected={() => setView({ kind: 'company' })}
              />
            </>
          )}
          {view.kind === 'company' && active && (
            <>
              <CompanyHeader company={active} onReconnect={() => setView({ kind: 'connect', reconnectCompanyId: active.id })} onRevokeWarning={setRevokeWarning} />
              <CompanyWorkspace key={`${active.id}:${opening.companyId === active.id ? opening.nonce : 0}`} company={active} opening={opening.companyId === active.id ? opening.item : undefined} onOpened={opened} onReconnect={() => setView({ kind: 'connect', reconnectCompanyId: active.id })} />
            </>
          )}
        </main>
        <StatusBar activeId={active?.id} hint={hint} />
      </div>
    </StatusHintContext.Provider>
  );
}

/**
 * Quiet status at the bottom: loading, or ready, or, while a company's local copy is being read
 * (the active company's first), what the sidebar says of it ("Synkar 7 000 av 50 000"): never
 * "Redo" beside a sync in progress. The sync's own words are already a live region in the
 * sidebar: here they are plain text, not announced twice.
 */
function StatusBar({ activeId, hint }: { activeId: string | undefined; hint: string | null }) {
  const t = useT();
  const language = useLanguage();
  const companies = useCompanies();
  const statuses = useSyncStatuses();
  const running = (statuses.data ?? []).filter((s) => s.phase === 'syncing');
  const status = running.find((s) => s.companyId === activeId) ?? running[0];
  const company = status && companies.data?.companies.find((c) => c.id === status.companyId);
  const line = status && company ? describeSync(status, new Date(), language, t) : null;
  return (
    <footer className="status-bar">
      {/* One place at the start of the bar: "Redo", or the sync in progress (the live region stays in the tree, empty). */}
      <span className="status-main">
        <span role="status">{companies.isPending ? t('status.loading') : line ? '' : t('status.ready')}</span>
        {line && company && (
          <span className="status-sync" data-testid="status-sync" data-company={company.id}>
            {t('status.syncing', { company: company.name, progress: line.text })}
          </span>
        )}
      </span>
      {hint && (
        <span className="status-hint muted" data-testid="status-hint">
          {hint}
        </span>
      )}
    </footer>
  );
}
