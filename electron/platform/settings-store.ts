/** The app's key-value store: electron-store, file mode 0600. Settings and company metadata only: no secret. */
import Store from 'electron-store';
import type { KeyValueStore } from '../kernel/key-value-store';
import { keptInMemory } from '../kernel/memory-store';

export function createSettingsStore(): KeyValueStore {
  // electron-store: atomic writes, schema-free JSON in userData; chosen over hand-written JSON
  // files for its atomic write and file-mode handling (the stack's choice). Read once, then from
  // memory (memory-store.ts: it reads the whole file on every get).
  const store = new Store<Record<string, unknown>>({ name: 'invoice-desk', configFileMode: 0o600, clearInvalidConfig: true });
  return keptInMemory(store);
}
