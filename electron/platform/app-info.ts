/** app.getInfo(): the version, the platform and whether secrets can be kept in a real OS keyring. */
import { app, safeStorage } from 'electron';
import type { AppInfo } from '../ipc/contract';

export async function readAppInfo(): Promise<AppInfo> {
  const encryption = await safeStorage.isAsyncEncryptionAvailable();
  // On Linux without a keyring, safeStorage falls back to 'basic_text': a key hard-coded in
  // Chromium. That is obfuscation, not protection, and the user should know it.
  const backend = process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : 'os';
  return {
    name: app.getName(),
    version: app.getVersion(),
    platform: process.platform,
    electronVersion: process.versions.electron ?? 'unknown',
    keyringAvailable: encryption && backend !== 'basic_text',
    keyringBackend: backend,
  };
}
