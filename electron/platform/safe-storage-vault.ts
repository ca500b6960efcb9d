/**
 * The SecretVault on Electron's safeStorage (the OS keyring: Keychain, DPAPI, libsecret/kwallet),
 * with its async API. Ciphertexts are kept in their own electron-store file (0600). When no
 * encryption is available at all, secrets stay in memory for this run only and are never written
 * in plain text (the UI says so through app.getInfo's keyring fields).
 */
import { safeStorage } from 'electron';
import Store from 'electron-store';
import { createMemoryVault, type SecretVault } from '../auth/secret-vault';

export async function createSafeStorageVault(log: (message: string) => void): Promise<SecretVault> {
  if (!(await safeStorage.isAsyncEncryptionAvailable())) {
    log('safeStorage has no encryption available: secrets are kept in memory for this run only.');
    return createMemoryVault();
  }
  const file = new Store<Record<string, string>>({ name: 'secrets', configFileMode: 0o600, clearInvalidConfig: true });
  // Keys may contain ':'; electron-store treats '.' as a path separator, so encode keys.
  const slot = (key: string) => Buffer.from(key).toString('base64url');
  return {
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
}
