/** The app's key-value store: electron-store, file mode 0600. Settings and company metadata only: no secret. */
import Store from 'electron-store';
import type { KeyValueStore } from '../kernel/key-value-store';

export function createSettingsStore(): KeyValueStore {
  // electron-store: atomic writes, schema-free JSON in userData; chosen over hand-written JSON
  // files for its atomic write and file-mode handling (the stack's choice).
  const store = new Store<Record<string, unknown>>({ name: 'invoice-desk', configFileMode: 0o600, clearInvalidConfig: true });
  return {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
  };
}
