/**
 * A company's local copy in the sidebar: its sync state in one polite live line, and for the
 * active company "Sync now" and "Full refresh". The buttons are never disabled while a sync runs
 * (a disabled button drops the keyboard focus): they say so with aria-disabled and ignore the click.
 */
import { useLanguage, useT } from '../../i18n/i18n';
import { errorWords } from '../../i18n/errors';
import { useCompanySync, useSyncNow } from './queries';
import { describeSync } from './sync-text';

export function SyncLine({ companyId, companyName, active }: { companyId: string; companyName: string; active: boolean }) {
  const t = useT();
  const language = useLanguage();
  // Its own company's state only: a firm's other syncs (many events a second) do not draw it again.
  const { status } = useCompanySync(companyId);
  const syncNow = useSyncNow();
  if (!status || status.phase === 'off') return null;
  const line = describeSync(status, new Date(), language, t);
  const syncing = status.phase === 'syncing';
  const start = (full: boolean) => {
    if (syncing || syncNow.isPending) return;
    syncNow.mutate({ companyId, full });
  };
  const failure = syncNow.error && syncNow.variables?.companyId === companyId ? errorWords(syncNow.error, language) : undefined;
  return (
    <div className="sync" data-testid="sync" data-company={companyId}>
      <div className={`sync-line sync-${line?.tone ?? 'none'}`} aria-live="polite" data-testid="sync-status" data-phase={status.phase} data-ready={status.resources.invoices.ready}>
        {line && <span className="sync-text">{line.text}</span>}
        {line?.remedy && <span className="sync-remedy">{line.remedy}</span>}
      </div>
      {active && (
        <div className="sync-actions" role="group" aria-label={t('sync.actions', { name: companyName })}>
          <button type="button" className="small" aria-disabled={syncing || syncNow.isPending} onClick={() => start(false)} data-testid="sync-now">
            {t('sync.now')}
          </button>
          <button type="button" className="small" aria-disabled={syncing || syncNow.isPending} title={t('sync.fullHint')} onClick={() => start(true)} data-testid="sync-full">
            {t('sync.full')}
          </button>
        </div>
      )}
      {active && failure && (
        <div className="sync-line sync-error" role="alert" data-testid="sync-now-error">
          <span className="sync-text">{failure.headline}</span>
          {failure.remedy && <span className="sync-remedy">{failure.remedy}</span>}
        </div>
      )}
    </div>
  );
}
