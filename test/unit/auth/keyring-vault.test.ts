import { describe, expect, it } from 'vitest';
import { createKeyringVault, type KeyringStrength, type PersistentVault } from '../../../electron/auth/keyring-vault';

/** The safeStorage file as a map: what would be on disk. */
function disk(initial: Record<string, string> = {}): PersistentVault & { entries: Map<string, string> } {
  const entries = new Map(Object.entries(initial));
  return {
    entries,
    keys: async () => [...entries.keys()],
    get: async (key) => entries.get(key),
    set: async (key, value) => void entries.set(key, value),
    delete: async (key) => void entries.delete(key),
  };
}

function vaultOn(strength: KeyringStrength, file: ReturnType<typeof disk> | undefined, allow = { value: false }) {
  return createKeyringVault({
    persistent: file,
    strength,
    weakStorageAllowed: () => allow.value,
    neverPersistWhenWeak: (key) => key === 'client-secret',
    log: () => undefined,
  });
}

describe('keyring vault', () => {
  it('persists everything with a real keyring', async () => {
    const file = disk();
    const vault = vaultOn('os', file);
    await vault.set('refresh-token:a', 'rt');
    await vault.set('client-secret', 'cs');
    expect(Object.fromEntries(file.entries)).toEqual({ 'refresh-token:a': 'rt', 'client-secret': 'cs' });
    expect(await vault.get('refresh-token:a')).toBe('rt');
  });

  it('with basic_text keeps secrets in memory only, and moves old ones off the disk at start', async () => {
    const file = disk({ 'refresh-token:old': 'rt-old', 'client-secret': 'cs-old' });
    const vault = vaultOn('weak', file);
    await vault.set('refresh-token:a', 'rt');
    await vault.set('client-secret', 'cs');
    expect(file.entries.size).toBe(0);
    expect(await vault.get('refresh-token:a')).toBe('rt');
    // What was written before is usable for this run, and gone from the file.
    expect(await vault.get('refresh-token:old')).toBe('rt-old');
    // A restart (a new vault over the same file) finds nothing.
    expect(await vaultOn('weak', file).get('refresh-token:a')).toBeUndefined();
  });

  it('after the opt-in writes refresh tokens, never the client secret; withdrawing it removes them', async () => {
    const file = disk();
    const allow = { value: false };
    const vault = vaultOn('weak', file, allow);
    await vault.set('refresh-token:a', 'rt');
    await vault.set('client-secret', 'cs');
    allow.value = true;
    await vault.applyPolicy();
    expect(Object.fromEntries(file.entries)).toEqual({ 'refresh-token:a': 'rt' });
    await vault.set('refresh-token:a', 'rt-2');
    expect(file.entries.get('refresh-token:a')).toBe('rt-2');
    expect(await vault.get('client-secret')).toBe('cs');
    expect(await vaultOn('weak', file, allow).get('refresh-token:a')).toBe('rt-2');

    allow.value = false;
    await vault.applyPolicy();
    expect(file.entries.size).toBe(0);
    expect(await vault.get('refresh-token:a')).toBe('rt-2'); // still usable this run
  });

  it('without any encryption never writes, and delete forgets everywhere', async () => {
    const vault = vaultOn('none', undefined);
    await vault.set('refresh-token:a', 'rt');
    expect(await vault.get('refresh-token:a')).toBe('rt');
    await vault.delete('refresh-token:a');
    expect(await vault.get('refresh-token:a')).toBeUndefined();
  });
});
