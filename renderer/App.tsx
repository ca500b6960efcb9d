import { useState } from 'react';
import { useCompanies, useSettings } from './api';
import { CompanyHeader, CompanySidebar } from './features/companies/CompanySidebar';
import { ConnectPanel } from './features/companies/ConnectPanel';
import { RevokeNotice, type RevokeWarning } from './features/companies/RevokeNotice';
import { CompanyWorkspace } from './features/invoices/CompanyWorkspace';
import { AllCompanies } from './features/receivables/AllCompanies';
import { LanguagePicker, SettingsPanel } from './features/settings/SettingsPanel';
import { LanguageProvider, useT } from './i18n/i18n';
import { ErrorBanner } from './ui/ErrorBanner';

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
  const [view, setView] = useState<View>({ kind: 'company' });
  // Kept here: the header that disconnected is gone by the time the answer arrives.
  const [revokeWarning, setRevokeWarning] = useState<RevokeWarning | null>(null);
  const active = companies.data?.companies.find((c) => c.id === companies.data?.activeId);
  const showConnect = view.kind === 'connect' || (view.kind === 'company' && companies.data !== undefined && !active);

  return (
    <div className="app-frame">
      <aside className="sidebar" aria-label={t('sidebar.region')}>
        <div className="brand">{t('app.title')}</div>
        <h2 className="sidebar-heading">{t('sidebar.companies')}</h2>
        {(companies.data?.companies.length ?? 0) > 0 && (
          <button type="button" className="all-companies-button" onClick={() => setView({ kind: 'all' })} aria-pressed={view.kind === 'all'} data-testid="all-companies-button">
            {t('all.button')}
          </button>
        )}
        <CompanySidebar onAdd={() => setView({ kind: 'connect' })} onSelect={() => setView({ kind: 'company' })} />
        <div className="sidebar-footer">
          <button type="button" onClick={() => setView({ kind: 'settings' })} aria-pressed={view.kind === 'settings'}>
            {t('settings.title')}
          </button>
          <LanguagePicker />
        </div>
      </aside>
      <main className="main-area">
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
        {view.kind === 'all' && <AllCompanies onOpen={() => setView({ kind: 'company' })} />}
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
            <CompanyWorkspace key={active.id} company={active} onReconnect={() => setView({ kind: 'connect', reconnectCompanyId: active.id })} />
          </>
        )}
      </main>
      <StatusBar />
    </div>
  );
}

function StatusBar() {
  const t = useT();
  const companies = useCompanies();
  return (
    <footer className="status-bar">
      <span role="status">{companies.isPending ? t('status.loading') : t('status.ready')}</span>
    </footer>
  );
}
