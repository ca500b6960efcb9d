import { createCipheriv, createDecipheriv, randomBytes, scrypt as scryptCallback } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';

/**
 * Where refresh tokens (and any other secret) live. The token manager writes the rotated refresh
 * token here before it uses the new access token. The Electron implementation (safeStorage) lives in
 * electron/platform; these two are plain Node: memory (tests, demo mode) and an encrypted file
 * (the CLI and tests of the real persistence path).
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

export interface FileVaultOptions {
  file: string;
  /** 32 raw bytes (AES-256 key), or a passphrase stretched with scrypt and a per-file salt. */
  key: Uint8Array | string;
}

interface VaultFile {
  v: 1;
  /** base64; present when the key is a passphrase. */
  salt?: string;
  iv: string;
  tag: string;
  data: string;
}

export class VaultError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'VaultError';
  }
}

function scrypt(passphrase: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(passphrase, salt, 32, { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/**
 * AES-256-GCM over the whole map of secrets, one file. Every write re-encrypts with a fresh IV and
 * replaces the file atomically (temporary file in the same directory, fsync, rename), created with
 * mode 0600. Operations are serialised, so concurrent `set`s never lose each other's update.
 */
export function createFileVault(options: FileVaultOptions): SecretVault {
  const { file } = options;
  const rawKey = typeof options.key === 'string' ? undefined : Buffer.from(options.key);
  if (rawKey && rawKey.length !== 32) throw new VaultError('The vault key must be 32 bytes.');
  if (typeof options.key === 'string' && options.key.length === 0) throw new VaultError('The vault passphrase must not be empty.');

  let salt: Buffer | undefined;
  let derived: Buffer | undefined;
  let chain: Promise<unknown> = Promise.resolve();

  async function keyFor(fileSalt: Buffer | undefined): Promise<Buffer> {
    if (rawKey) return rawKey;
    const useSalt = fileSalt ?? salt ?? randomBytes(16);
    if (!derived || !salt || !salt.equals(useSalt)) {
      derived = await scrypt(options.key as string, useSalt);
      salt = useSalt;
    }
    return derived;
  }

  async function load(): Promise<Map<string, string>> {
    let text: string;
    try {
      text = await fs.readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
      throw new VaultError('The secret store could not be read.', { cause: error });
    }
    let parsed: VaultFile;
    try {
      parsed = JSON.parse(text) as VaultFile;
      if (parsed.v !== 1 || typeof parsed.iv !== 'string' || typeof parsed.tag !== 'string' || typeof parsed.data !== 'string') throw new Error('bad format');
    } catch (error) {
      throw new VaultError('The secret store is damaged.', { cause: error });
    }
    const key = await keyFor(parsed.salt ? Buffer.from(parsed.salt, 'base64') : undefined);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(parsed.iv, 'base64'));
      decipher.setAuthTag(Buffer.from(parsed.tag, 'base64'));
      const plain = Buffer.concat([decipher.update(Buffer.from(parsed.data, 'base64')), decipher.final()]).toString('utf8');
      const entries = JSON.parse(plain) as Record<string, string>;
      return new Map(Object.entries(entries));
    } catch (error) {
      // Wrong key or tampered file: never guess, never overwrite it silently.
      throw new VaultError('The secret store could not be decrypted (wrong key or damaged file).', { cause: error });
    }
  }

  async function save(map: Map<string, string>): Promise<void> {
    const key = await keyFor(undefined);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const data = Buffer.concat([cipher.update(JSON.stringify(Object.fromEntries(map)), 'utf8'), cipher.final()]);
    const content: VaultFile = { v: 1, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
    if (!rawKey && salt) content.salt = salt.toString('base64');
    const dir = path.dirname(file);
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
    const handle = await fs.open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(JSON.stringify(content), 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await fs.rename(temp, file);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw new VaultError('The secret store could not be written.', { cause: error });
    }
    // rename keeps the temp file's mode; make sure an older file's looser mode is not inherited.
    await fs.chmod(file, 0o600).catch(() => undefined);
  }

  function serial<T>(op: () => Promise<T>): Promise<T> {
    const run = chain.then(op, op);
    chain = run.catch(() => undefined);
    return run;
  }

  return {
    get: (key) => serial(async () => (await load()).get(key)),
    set: (key, value) =>
      serial(async () => {
        const map = await load();
        map.set(key, value);
        await save(map);
      }),
    delete: (key) =>
      serial(async () => {
        const map = await load();
        if (!map.delete(key)) return;
        await save(map);
      }),
  };
}
