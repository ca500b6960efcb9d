/**
 * Where refresh tokens (and any other secret) live. The token manager writes the rotated refresh
 * token here before it uses the new access token. The Electron implementation (safeStorage) lives in
 * electron/platform (and auth/keyring-vault.ts decides what it may keep); the memory vault here
 * is plain Node, for tests and the CLI, whose service accounts need no refresh token.
 */
export interface SecretVault {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
}

export function createMemoryVault(initial: Record<string, string> = {}): SecretVault {
  const map = new Map(Object.entries(initial));
  return {
    get: async (key) => map.get(key),
    set: async (key, value) => {
      map.set(key, value);
    },
    delete: async (key) => {
      map.delete(key);
    },
  };
}
