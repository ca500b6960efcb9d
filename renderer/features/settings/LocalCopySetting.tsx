/**
 * "Keep a local copy of invoices on this computer" (on by default). Takes effect at once, like the
 * keyring opt-in: the main process starts the copies, or stops and deletes them, and says so in
 * sync:changed; the sidebar's sync lines are read again after the change.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useUpdateSettings } from '../../api';
import { useT } from '../../i18n/i18n';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { syncKeys } from '../sync/queries';

/** `fixed`: INVOICE_DESK_LOCAL_COPY decides (the box shows it, read-only). */
export function LocalCopySetting({ localCopy, fixed }: { localCopy: boolean; fixed: boolean }) {
  const t = useT();
  const client = useQueryClient();
  const update = useUpdateSettings();
  const helpId = useId();
  // Shows the choice at once (a controlled box would spring back until the main process answers).
  const checked = update.isPending && update.variables.localCopy !== undefined ? update.variables.localCopy : localCopy;
  return (
    <section className="card local-copy" aria-labelledby={`${helpId}-title`}>
      <h2 id={`${helpId}-title`}>{t('settings.localCopyTitle')}</h2>
      <label className="checkbox-row">
        <input
          type="checkbox"
          checked={checked}
          aria-describedby={helpId}
          // Not disabled while saving: a disabled box would drop the keyboard focus.
          aria-disabled={update.isPending || fixed}
          onChange={(event) => {
            if (update.isPending || fixed) return;
            update.mutate({ localCopy: event.target.checked }, { onSettled: () => void client.invalidateQueries({ queryKey: syncKeys.statuses }) });
          }}
          data-testid="local-copy"
        />
        {t('settings.localCopy')}
      </label>
      <p id={helpId} className="muted">
        {t('settings.localCopyHelp')}
        {fixed && ` ${t('settings.fromEnvironment', { names: 'INVOICE_DESK_LOCAL_COPY' })}`}
      </p>
      {update.error && <ErrorBanner error={update.error} />}
    </section>
  );
}
