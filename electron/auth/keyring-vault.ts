/**
 * Which secrets may be written to disk, by how well the OS keyring protects them.
 *
 * - `os`: a real keyring (Keychain, DPAPI, libsecret/kwallet): every secret is persisted.
 * - `weak`: Linux's `basic_text` backend, where safeStorage encrypts with a key hard-coded in
 *   Chromium, so anyone who can read the file can read the secret. Secrets stay in memory for this
 *   run (a company needs a reconnect per run) unless the user opted in to weak storage in Settings;
 *   even then the client secret is never written (it is the integration's, not one company's).
 * - `none`: no encryption at all: memory only, never plain text on disk.
 *
 * Plain Node (no electron import): the safeStorage-backed `persistent` vault comes from platform/.
 */
import { createMemoryVault, type SecretVault } from './secret-vault';

export type KeyringStrength = 'os' | 'weak' | 'none';

/** A vault that can list its keys (to move secrets between disk and memory when the policy changes). */
export interface PersistentVault extends SecretVault {
  keys(): Promise<string[]>;
}

export interface KeyringVaultOptions {
  persistent: PersistentVault | undefined;
  strength: KeyringStrength;
  /** The user's opt-in to weak storage (read at each call: Settings can change it). */
  weakStorageAllowed(): boolean;
  /** Secrets that are never written to a weak keyring, opt-in or not. */
  neverPersistWhenWeak(key: string): boolean;
  log(message: string, error?: unknown): void;
}

export interface KeyringVault extends SecretVault {
  /** Moves secrets to where the current policy wants them; call after the opt-in changed. */
  applyPolicy(): Promise<void>;
  /** Whether a secret of this key survives a restart under the current policy. */
  persists(key: string): boolean;
}

export function createKeyringVault(options: KeyringVaultOptions): KeyringVault {
  const { persistent, strength } = options;
  const memory = createMemoryVault();
  const inMemory = new Set<string>();
  const persists = (key: string): boolean =>
    persistent !== undefined && (strength === 'os' || (strength === 'weak' && options.weakStorageAllowed() && !options.neverPersistWhenWeak(key)));

  // Operations run one at a time, so a policy change never interleaves with a token rotation.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(op: () => Promise<T>): Promise<T> => {
    const run = chain.then(op, op);
    chain = run.catch(() => undefined);
    return run;
  };

  async function remember(key: string, value: string): Promise<void> {
    await memory.set(key, value);
    inMemory.add(key);
  }

  async function applyPolicy(): Promise<void> {
    if (!persistent || strength === 'os') return;
    // Secrets on disk that should not be there (written before, or the opt-in was withdrawn):
    // keep them for this run in memory, then remove them from the file.
    for (const key of await persistent.keys()) {
      if (persists(key)) continue;
      try {
        const value = await persistent.get(key);
        if (value !== undefined && !inMemory.has(key)) await remember(key, value);
      } catch (error) {
        options.log(`A weakly stored secret (${key.split(':')[0]}) could not be read; it is removed.`, error);
      }
      await persistent.delete(key);
    }
    // Secrets in memory that may now be written (the user opted in).
    for (const key of [...inMemory]) {
      if (!persists(key)) continue;
      const value = await memory.get(key);
      if (value !== undefined) await persistent.set(key, value);
      await memory.delete(key);
      inMemory.delete(key);
    }
  }

  // First in the queue: no secret is read before the file holds only what the policy allows.
  void serial(applyPolicy).catch((error: unknown) => options.log('Moving weakly stored secrets into memory failed', error));

  return {
    persists,
    applyPolicy: () => serial(applyPolicy),
    get: (key) =>
      serial(async () => {
        if (inMemory.has(key)) return memory.get(key);
        return persists(key) ? persistent?.get(key) : undefined;
      }),
    set: (key, value) =>
      serial(async () => {
        if (persists(key)) {
          await persistent?.set(key, value);
          await memory.delete(key);
          inMemory.delete(key);
          return;
        }
        await remember(key, value);
        // Never leave an older copy on disk that the policy no longer allows.
        await persistent?.delete(key);
      }),
    delete: (key) =>
      serial(async () => {
        await memory.delete(key);
        inMemory.delete(key);
        await persistent?.delete(key);
      }),
  };
}
