import { useEffect, useState } from 'react';
import { DeskError, desk, unwrap, useSettings } from '../../api';
import { useT } from '../../i18n/i18n';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { useConnectFlow } from './useConnectFlow';

/** After this long without an answer, the panel says what to check. */
const SLOW_ANSWER_MS = 20_000;

/**
 * Nothing came back from the browser for a while: most often the service refused to redirect
 * because the integration's registered Redirect URI is not this one, or the browser did not open.
 */
function SlowAnswerHint({ authorizationUrl }: { authorizationUrl: string }) {
  const t = useT();
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_ANSWER_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!slow) return null;
  const redirectUri = new URL(authorizationUrl).searchParams.get('redirect_uri') ?? '';
  return (
    <div className="banner banner-info" data-testid="connect-slow-hint">
      {t('connect.slowHint', { uri: redirectUri })}
    </div>
  );
}

/**
 * Connecting a company: the browser flow (the demo company when no credentials are configured),
 * its progress with the authorization URL to copy, and a service account by TenantId.
 */
export function ConnectPanel({ onConnected, reconnectCompanyId }: { onConnected: (id: string) => void; reconnectCompanyId?: string }) {
  const t = useT();
  const settings = useSettings();
  const flow = useConnectFlow(onConnected);
  const [tenantId, setTenantId] = useState('');
  const [serviceError, setServiceError] = useState<Error | null>(null);
  const [serviceBusy, setServiceBusy] = useState(false);
  const demoMode = settings.data?.demoMode ?? true;
  const phase = flow.progress?.phase;

  const connectService = async () => {
    setServiceBusy(true);
    setServiceError(null);
    try {
      const company = await unwrap(desk().connect.serviceAccount({ tenantId: tenantId.trim() }));
      onConnected(company.id);
    } catch (error) {
      setServiceError(error instanceof Error ? error : new Error(String(error)));
    } finally {
      setServiceBusy(false);
    }
  };

  return (
    <section className="card connect-panel" aria-labelledby="connect-title">
      <h2 id="connect-title">{reconnectCompanyId ? t('connect.reconnectTitle') : t('connect.title')}</h2>
      <p className="muted">{demoMode ? t('connect.demoIntro') : t('connect.intro')}</p>
      <div className="row-actions">
        <button
          type="button"
          className="primary"
          disabled={flow.busy}
          onClick={() => void flow.start({ demo: demoMode, ...(reconnectCompanyId ? { reconnectCompanyId } : {}) })}
        >
          {reconnectCompanyId ? t('connect.reconnect') : demoMode ? t('connect.tryDemo') : t('connect.connect')}
        </button>
        {flow.busy && (
          <button type="button" onClick={() => void flow.cancel()}>
            {t('connect.cancel')}
          </button>
        )}
      </div>

      {flow.startError && <ErrorBanner error={new DeskError(flow.startError)} />}
      {flow.progress && (
        <div className="connect-progress" role="status" aria-live="polite" data-testid="connect-progress" data-phase={phase}>
          <p>{t(`connect.phase.${flow.progress.phase}`)}</p>
          {phase === 'waiting-for-browser' && flow.progress.authorizationUrl && !demoMode && (
            <SlowAnswerHint key={flow.progress.flowId} authorizationUrl={flow.progress.authorizationUrl} />
          )}
          {phase === 'waiting-for-browser' && flow.progress.authorizationUrl && (
            <label className="copy-url">
              {t('connect.copyUrl')}
              <input readOnly value={flow.progress.authorizationUrl} onFocus={(e) => e.currentTarget.select()} data-testid="authorization-url" />
            </label>
          )}
          {flow.progress.error && <ErrorBanner error={new DeskError(flow.progress.error)} />}
        </div>
      )}

      {!reconnectCompanyId && (
        <details className="service-account">
          <summary>{t('connect.serviceAccount')}</summary>
          <p className="muted">{t('connect.serviceAccountIntro')}</p>
          <div className="row-actions">
            <button type="button" disabled={flow.busy} onClick={() => void flow.start({ demo: demoMode, serviceAccount: true })} data-testid="activate-service-account">
              {t('connect.serviceAccountActivate')}
            </button>
          </div>
          <p className="muted">{t('connect.serviceAccountActivated')}</p>
          <form
            className="row-actions"
            onSubmit={(event) => {
              event.preventDefault();
              void connectService();
            }}
          >
            <label>
              TenantId{' '}
              <input value={tenantId} onChange={(e) => setTenantId(e.target.value)} inputMode="numeric" pattern="\d{1,20}" required data-testid="tenant-id" />
            </label>
            <button type="submit" disabled={serviceBusy}>
              {t('connect.serviceAccountConnect')}
            </button>
          </form>
          {serviceError && <ErrorBanner error={serviceError} />}
        </details>
      )}
    </section>
  );
}
