/** settings:* — the window reads the settings (never the secret) and changes them. */
import type { HandlersOf } from '../ipc/contract';
import type { SettingsService } from './settings-service';

export function settingsHandlers(deps: {
  settings: SettingsService;
  /** New addresses or credentials: sessions built on the old ones are rebuilt on next use. */
  serviceChanged(): void;
  /** The weak-storage opt-in changed: secrets move between memory and disk. */
  storagePolicyChanged(): Promise<void>;
  /** The local-copy setting changed: copies are made, or closed and deleted. */
  localCopyChanged(): Promise<void>;
}): HandlersOf<'settings'> {
  const { settings } = deps;
  return {
    'settings:get': () => settings.view(),
    'settings:update': async (update) => {
      const before = await settings.service();
      const view = await settings.update(update);
      const after = await settings.service();
      // Companies connected to another service must reconnect: see the registry's serviceKey.
      if (JSON.stringify(before) !== JSON.stringify(after)) deps.serviceChanged();
      if (update.allowWeakSecretStorage !== undefined) await deps.storagePolicyChanged();
      if (update.localCopy !== undefined) await deps.localCopyChanged();
      return view;
    },
  };
}
