import { useId, useRef, useState, type FormEvent } from 'react';
import type { Language, SettingsView } from '../../../electron/ipc/contract';
import { DEFAULT_REDIRECT_PORT } from '../../../electron/common/settings';
import { useAppInfo, useSettings, useUpdateSettings } from '../../api';
import { useT } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/messages';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { AboutPanel } from './AboutPanel';
import { ToggleSetting } from './ToggleSetting';
import { NotificationSettings } from './NotificationSettings';
import './settings.css';

/** What each setting an environment variable fixes is called on screen (not its field name). */
const environmentLabels: Record<SettingsView['fromEnvironment'][number], MessageKey> = {
  authUrl: 'settings.authUrl',
  apiUrl: 'settings.apiUrl',
  clientId: 'settings.clientId',
  clientSecret: 'settings.clientSecret',
  redirectPort: 'settings.redirectPort',
  localCopy: 'settings.localCopyTitle',
};

/** Service settings (the client secret is write-only), the redirect port, the local copy, the scans' scopes and the language. */
export function SettingsPanel() {
  const t = useT();
  const settings = useSettings();
  if (settings.error) return <ErrorBanner error={settings.error} />;
  if (!settings.data) return <p className="muted">{t('status.loading')}</p>;
  return (
    <div className="settings-stack">
      <h1>{t('settings.title')}</h1>
      <KeyringWarning weakSecretStorage={settings.data.weakSecretStorage} />
      {/* Remount only when what the environment fixes changes: a save or a language switch keeps
          what the user typed and the "Saved" notice. */}
      <SettingsForm key={settings.data.fromEnvironment.join(',')} initial={settings.data} />
      <ToggleSetting field="localCopy" value={settings.data.localCopy} fixed={settings.data.fromEnvironment.includes('localCopy')} />
      <ToggleSetting field="supplierScans" value={settings.data.supplierScans} />
      <NotificationSettings value={settings.data.notifications} />
      <AboutPanel />
    </div>
  );
}

/**
 * Without a real keyring, keys stay in memory (a reconnect after each start) unless the user opts
 * in; the main process asks again in a native dialog before it writes anything.
 */
function KeyringWarning({ weakSecretStorage }: { weakSecretStorage: boolean }) {
  const t = useT();
  const info = useAppInfo();
  const update = useUpdateSettings();
  if (!info.data || info.data.keyringAvailable) return null;
  const canOptIn = info.data.keyringBackend === 'basic_text';
  return (
    <div className="banner banner-warning banner-stack" role="alert" data-testid="keyring-warning">
      <p>{t('settings.weakKeyring', { backend: info.data.keyringBackend })}</p>
      {canOptIn && (
        <label className="checkbox-row">
          <input
            type="checkbox"
            checked={weakSecretStorage}
            disabled={update.isPending}
            onChange={(event) => update.mutate({ allowWeakSecretStorage: event.target.checked })}
            data-testid="weak-storage"
          />
          {t('settings.weakStorageOptIn')}
        </label>
      )}
      {update.error && <ErrorBanner error={update.error} />}
    </div>
  );
}

function SettingsForm({ initial }: { initial: SettingsView }) {
  const t = useT();
  const hintId = useId();
  const update = useUpdateSettings();
  const [authUrl, setAuthUrl] = useState(initial.authUrl);
  const [apiUrl, setApiUrl] = useState(initial.apiUrl);
  const [clientId, setClientId] = useState(initial.clientId);
  const [clientSecret, setClientSecret] = useState('');
  const [redirectPort, setRedirectPort] = useState(initial.redirectPort?.toString() ?? '');
  // A client secret from the environment belongs to the service configured there: its addresses
  // and client ID cannot be changed here either (the main process refuses it too).
  const secretFromEnv = initial.fromEnvironment.includes('clientSecret');
  const locked = (name: SettingsView['fromEnvironment'][number]) =>
    initial.fromEnvironment.includes(name) || (secretFromEnv && (name === 'authUrl' || name === 'apiUrl' || name === 'clientId'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({
      ...(locked('authUrl') ? {} : { authUrl }),
      ...(locked('apiUrl') ? {} : { apiUrl }),
      ...(locked('clientId') ? {} : { clientId }),
      ...(locked('clientSecret') || clientSecret === '' ? {} : { clientSecret }),
      ...(locked('redirectPort') ? {} : { redirectPort: redirectPort.trim() === '' ? null : Number(redirectPort) }),
    });
    setClientSecret('');
  };

  return (
    <form className="card settings-form" onSubmit={submit} aria-labelledby="service-title">
      <h2 id="service-title">{t('settings.service')}</h2>
      <p className="muted">{initial.demoMode ? t('settings.demoMode') : t('settings.configured')}</p>
      {/* Plain labels; the service's own names for the addresses in the line under each. */}
      <div>
        <label>
          {t('settings.authUrl')}
          <input type="url" value={authUrl} onChange={(e) => setAuthUrl(e.target.value)} disabled={locked('authUrl')} placeholder="https://…" aria-describedby={`${hintId}-auth`} />
        </label>
        <p id={`${hintId}-auth`} className="muted settings-hint">
          {t('settings.authUrlHint')}
        </p>
      </div>
      <div>
        <label>
          {t('settings.apiUrl')}
          <input type="url" value={apiUrl} onChange={(e) => setApiUrl(e.target.value)} disabled={locked('apiUrl')} placeholder="https://…" aria-describedby={`${hintId}-api`} />
        </label>
        <p id={`${hintId}-api`} className="muted settings-hint">
          {t('settings.apiUrlHint')}
        </p>
      </div>
      <label>
        {t('settings.clientId')}
        <input value={clientId} onChange={(e) => setClientId(e.target.value)} disabled={locked('clientId')} autoComplete="off" />
      </label>
      <label>
        {t('settings.clientSecret')}
        <input
          type="password"
          value={clientSecret}
          onChange={(e) => setClientSecret(e.target.value)}
          disabled={locked('clientSecret')}
          autoComplete="off"
          placeholder={initial.clientSecretSet ? t('settings.secretSet') : t('settings.secretNotSet')}
          data-testid="client-secret"
        />
      </label>
      <label>
        {t('settings.redirectPort')}
        <input
          inputMode="numeric"
          pattern="\d{4,5}"
          value={redirectPort}
          onChange={(e) => setRedirectPort(e.target.value)}
          disabled={locked('redirectPort')}
          placeholder={t('settings.redirectPortDefault', { port: DEFAULT_REDIRECT_PORT })}
        />
      </label>
      <RedirectUri />
      {initial.fromEnvironment.length > 0 && <p className="muted">{t('settings.fromEnvironment', { names: initial.fromEnvironment.map((name) => t(environmentLabels[name])).join(', ') })}</p>}
      {initial.environmentProblems.length > 0 && (
        <div className="banner banner-warning" role="alert">
          {initial.environmentProblems.join(' ')}
        </div>
      )}
      <p className="muted">{t('settings.secretNote')}</p>
      {update.error && <ErrorBanner error={update.error} />}
      <div className="row-actions">
        <button type="submit" className="primary" disabled={update.isPending}>
          {t('company.save')}
        </button>
        {update.isSuccess && <span role="status">{t('settings.saved')}</span>}
      </div>
    </form>
  );
}

/** The exact Redirect URI to register with the service (it redirects to nothing else), with Copy. */
function RedirectUri() {
  const t = useT();
  const settings = useSettings();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const helpId = useId();
  const uri = settings.data?.redirectUri;
  if (!uri) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(uri);
    } catch {
      // Without clipboard access the field's own selection and the copy command still work.
      field.current?.select();
      document.execCommand('copy');
    }
    setCopied(true);
  };
  return (
    <div className="redirect-uri">
      <label>
        {t('settings.redirectUri')}
        <div className="row-actions">
          <input ref={field} readOnly value={uri} onFocus={(event) => event.target.select()} aria-describedby={helpId} data-testid="redirect-uri" />
          <button type="button" onClick={() => void copy()}>
            {copied ? t('settings.copied') : t('settings.copy')}
          </button>
        </div>
      </label>
      <p id={helpId} className="muted">
        {t('settings.redirectUriHelp')}
      </p>
    </div>
  );
}

export function LanguagePicker() {
  const t = useT();
  const settings = useSettings();
  const update = useUpdateSettings();
  return (
    <label className="language-picker">
      {t('settings.language')}{' '}
      <select value={settings.data?.language ?? 'sv'} onChange={(e) => update.mutate({ language: e.target.value as Language })}>
        <option value="sv">Svenska</option>
        <option value="en">English</option>
      </select>
    </label>
  );
}
