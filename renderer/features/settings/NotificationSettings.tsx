/**
 * Desktop notifications: which kinds a sync may tell in a notification, and quiet on
 * weekends. Each box takes effect at once (settings:update); what is off still shows under "Sedan sist".
 */
import { useId } from 'react';
import { notifyGroupIds, type NotificationSettings as Settings, type NotifyGroup } from '../../../electron/common/digest';
import { useUpdateSettings } from '../../api';
import { useT } from '../../i18n/i18n';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { useChosen } from './use-chosen';

export function NotificationSettings({ value }: { value: Settings }) {
  const t = useT();
  const update = useUpdateSettings();
  const id = useId();
  // The choice shows at once; the main process's answer replaces it.
  const choice = useChosen(value);
  const shown = choice.shown;
  const save = (next: Settings) => update.mutate({ notifications: next }, { onSettled: choice.choose(next) });
  const setGroup = (group: NotifyGroup, on: boolean) => save({ ...shown, groups: { ...shown.groups, [group]: on } });
  return (
    <section className="card notification-settings" aria-labelledby={`${id}-title`} data-testid="notification-settings">
      <h2 id={`${id}-title`}>{t('settings.notifications')}</h2>
      <p className="muted">{t('settings.notifications.hint')}</p>
      {notifyGroupIds.map((group) => (
        <label key={group} className="checkbox-row">
          <input type="checkbox" checked={shown.groups[group]} onChange={(event) => setGroup(group, event.target.checked)} data-group={group} />
          {t(`settings.notify.${group}`)}
        </label>
      ))}
      <label className="checkbox-row">
        <input type="checkbox" checked={shown.quietWeekends} onChange={(event) => save({ ...shown, quietWeekends: event.target.checked })} data-group="quietWeekends" />
        {t('settings.notify.quietWeekends')}
      </label>
      {update.error && <ErrorBanner error={update.error} />}
    </section>
  );
}
