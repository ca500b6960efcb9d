import { useAppInfo } from '../../api';
import { useT } from '../../i18n/i18n';
import { ErrorBanner } from '../../ui/ErrorBanner';

/** Shows app.getInfo(): version, platform, Electron and whether secrets are in a real keyring. */
export function AboutPanel() {
  const t = useT();
  const info = useAppInfo();
  return (
    <section className="card" aria-labelledby="about-title">
      <h2 id="about-title">{t('about.title')}</h2>
      {info.error && <ErrorBanner error={info.error} />}
      {info.data && (
        <dl className="facts" data-testid="app-info">
          <dt>{t('about.version')}</dt>
          <dd data-testid="info-version">{info.data.version}</dd>
          <dt>{t('about.platform')}</dt>
          <dd data-testid="info-platform">{info.data.platform}</dd>
          <dt>{t('about.electron')}</dt>
          <dd data-testid="info-electron">{info.data.electronVersion}</dd>
          <dt>{t('about.keyring')}</dt>
          <dd data-testid="info-keyring" className={info.data.keyringAvailable ? '' : 'warning-text'}>
            {t(info.data.keyringAvailable ? 'about.keyringYes' : 'about.keyringNo', { backend: info.data.keyringBackend })}
          </dd>
        </dl>
      )}
    </section>
  );
}
