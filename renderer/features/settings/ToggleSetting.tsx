/**
 * A setting that is one checkbox and takes effect at once: "Keep a local copy of invoices on this
 * computer" (the main process starts the copies, or stops and deletes them, and says so in
 * sync:changed) and "Show scanned supplier invoices" (which scopes the next connection asks for).
 * Turning the copy off or the scans on is confirmed in the main process's own dialog: declined,
 * the update fails as cancelled and the box springs back to the stored value.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useUpdateSettings } from '../../api';
import { useT } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/messages';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { syncKeys } from '../sync/queries';
import { useChosen } from './use-chosen';

type ToggleField = 'localCopy' | 'supplierScans';

/** `details`: the service's own names for what the setting asks, in a line of their own under the plain help. */
const TEXTS: Record<ToggleField, { title: MessageKey; label: MessageKey; help: MessageKey; details?: MessageKey; env?: string }> = {
  localCopy: { title: 'settings.localCopyTitle', label: 'settings.localCopy', help: 'settings.localCopyHelp', env: 'INVOICE_DESK_LOCAL_COPY' },
  supplierScans: { title: 'settings.supplierScansTitle', label: 'settings.supplierScans', help: 'settings.supplierScansHelp', details: 'settings.supplierScansScopes' },
};

/** `fixed`: an environment variable decides (the box shows it, read-only). */
export function ToggleSetting({ field, value, fixed = false }: { field: ToggleField; value: boolean; fixed?: boolean }) {
  const t = useT();
  const client = useQueryClient();
  const update = useUpdateSettings();
  const helpId = useId();
  const texts = TEXTS[field];
  // Shows the choice at once (a controlled box would spring back until the main process answers).
  const choice = useChosen(value);
  const checked = choice.shown;
  return (
    <section className={`card ${field === 'localCopy' ? 'local-copy' : 'supplier-scans'}`} aria-labelledby={`${helpId}-title`}>
      <h2 id={`${helpId}-title`}>{t(texts.title)}</h2>
      <label className="checkbox-row">
        <input
          type="checkbox"
          checked={checked}
          aria-describedby={helpId}
          // Not disabled while saving: a disabled box would drop the keyboard focus.
          aria-disabled={update.isPending || fixed}
          onChange={(event) => {
            if (update.isPending || fixed) return;
            const settled = choice.choose(event.target.checked);
            update.mutate(
              { [field]: event.target.checked },
              {
                onSettled: (answer, error) => {
                  settled(answer, error);
                  void client.invalidateQueries({ queryKey: syncKeys.statuses });
                },
              },
            );
          }}
          data-testid={field === 'localCopy' ? 'local-copy' : 'supplier-scans'}
        />
        {t(texts.label)}
      </label>
      <p id={helpId} className="muted">
        {t(texts.help)}
        {fixed && texts.env && ` ${t('settings.fromEnvironment', { names: texts.env })}`}
      </p>
      {texts.details && <p className="muted settings-hint">{t(texts.details)}</p>}
      {update.error && <ErrorBanner error={update.error} />}
    </section>
  );
}
