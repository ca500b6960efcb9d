/**
 * The secret store on Electron's safeStorage (the OS keyring: Keychain, DPAPI, libsecret/kwallet),
 * with its async API, and how strong that keyring is. Ciphertexts are kept in their own
 * electron-store file (0600). What may be written there is decided by auth/keyring-vault.ts.
 */
import { safeStorage } from 'electron';
import Store from 'electron-store';
import type { KeyringStrength, PersistentVault } from '../auth/keyring-vault';

export interface Keyring {
  persistent: PersistentVault | undefined;
  strength: KeyringStrength;
}

export async function openKeyring(log: (message: string) => void): Promise<Keyring> {
  if (!(await safeStorage.isAsyncEncryptionAvailable())) {
    log('safeStorage has no encryption available: secrets are kept in memory for this run only.');
    return { persistent: undefined, strength: 'none' };
  }
  // basic_text: Chromium's hard-coded key on Linux without a keyring. Obfuscation, not protection.
  const strength: KeyringStrength = process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text' ? 'weak' : 'os';
  const file = new Store<Record<string, string>>({ name: 'secrets', configFileMode: 0o600, clearInvalidConfig: true });
  // Keys may contain ':'; electron-store treats '.' as a path separator, so encode keys.
  const slot = (key: string) => Buffer.from(key).toString('base64url');
  const persistent: PersistentVault = {
    async keys() {
      return Object.keys(file.store).map((encoded) => Buffer.from(encoded, 'base64url').toString());
    },
    async get(key) {
      const stored = file.get(slot(key));
      if (typeof stored !== 'string') return undefined;
      const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(Buffer.from(stored, 'base64'));
      if (shouldReEncrypt) file.set(slot(key), (await safeStorage.encryptStringAsync(result)).toString('base64'));
      return result;
    },
    async set(key, value) {
      file.set(slot(key), (await safeStorage.encryptStringAsync(value)).toString('base64'));
    },
    async delete(key) {
      file.delete(slot(key));
    },
  };
  return { persistent, strength };
}
