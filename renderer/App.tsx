import { useAppInfo } from './api';
import { AboutPanel } from './features/settings/AboutPanel';
import { useT } from './i18n/i18n';

/** The frame: companies in the sidebar, the work in the main area, quiet status at the bottom. */
export function App() {
  const t = useT();
  const info = useAppInfo();
  return (
    <div className="app-frame">
      <aside className="sidebar" aria-label={t('sidebar.companies')}>
        <div className="brand">{t('app.title')}</div>
        <h2 className="sidebar-heading">{t('sidebar.companies')}</h2>
        <p className="muted">{t('sidebar.noCompanies')}</p>
      </aside>
      <main className="main-area">
        <h1>{t('main.welcome')}</h1>
        <p>{t('main.welcomeBody')}</p>
        <AboutPanel />
      </main>
      <footer className="status-bar" role="status">
        <span>{info.isPending ? t('status.loading') : t('status.ready')}</span>
        {info.data && (
          <span className="muted" data-testid="status-version">
            v{info.data.version}
          </span>
        )}
      </footer>
    </div>
  );
}
