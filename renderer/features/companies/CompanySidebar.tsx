import { useState } from 'react';
import type { CompanySummary } from '../../../electron/ipc/contract';
import { desk, useCompanies, useCompanyAction } from '../../api';
import { swedishErrors, swedishKeysInMemoryOnly } from '../../i18n/errors';
import { useLanguage, useT } from '../../i18n/i18n';
import { OneLine } from '../../ui/OneLine';
import { SyncLine } from '../sync/SyncLine';
import { useSyncStatuses } from '../sync/queries';
import type { RevokeWarning } from './RevokeNotice';

/** The connected companies: switch with a click, rename, disconnect; the status shows as a badge,
 * the local copy's sync state below each (with Sync now and Full refresh for the active one). */
export function CompanySidebar({ onAdd, onSelect }: { onAdd: () => void; onSelect: (id: string) => void }) {
  const t = useT();
  const companies = useCompanies();
  const setActive = useCompanyAction((id: string) => desk().companies.setActive(id));
  const list = companies.data?.companies ?? [];
  const activeId = companies.data?.activeId ?? null;
  const statuses = useSyncStatuses();
  const unseenOf = (id: string): number => statuses.data?.find((s) => s.companyId === id)?.unseen ?? 0;
  return (
    <nav className="company-nav" aria-label={t('sidebar.companies')}>
      {list.length === 0 && <p className="muted">{t('sidebar.noCompanies')}</p>}
      <ul className="company-list">
        {list.map((company) => (
          <li key={company.id}>
            <button
              type="button"
              className={`company-item${company.id === activeId ? ' active' : ''}`}
              aria-current={company.id === activeId ? 'page' : undefined}
              onClick={() => {
                setActive.mutate([company.id]);
                onSelect(company.id);
              }}
            >
              <OneLine className="company-name" text={company.name} />
              <span className="company-meta">
                {company.organisationNumber}
                {company.demo ? ` · ${t('company.demo')}` : ''}
                {company.kind === 'service' ? ` · ${t('company.service')}` : ''}
              </span>
              {company.status !== 'connected' && <span className={`badge badge-${company.status}`}>{t(`status.company.${company.status}`)}</span>}
              {unseenOf(company.id) > 0 && (
                <span className="unseen-badge" data-testid="unseen-badge" aria-label={t('digest.unseen', { count: unseenOf(company.id) })}>
                  {unseenOf(company.id)}
                </span>
              )}
            </button>
            <SyncLine companyId={company.id} companyName={company.name} active={company.id === activeId} />
          </li>
        ))}
      </ul>
      <button type="button" onClick={onAdd}>
        + {t('sidebar.add')}
      </button>
    </nav>
  );
}

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
