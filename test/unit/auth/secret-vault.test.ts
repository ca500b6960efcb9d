import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileVault, createMemoryVault, VaultError } from '../../../electron/auth/secret-vault';

describe('memory vault', () => {
  it('gets, sets and deletes', async () => {
    const vault = createMemoryVault({ a: '1' });
    expect(await vault.get('a')).toBe('1');
    await vault.set('b', '2');
    await vault.delete('a');
    expect(await vault.get('a')).toBeUndefined();
    expect(await vault.get('b')).toBe('2');
  });
});

describe('file vault', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vault-'));
    file = path.join(dir, 'nested', 'secrets.json');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('round-trips through an encrypted 0600 file, leaving no temp file', async () => {
    const key = randomBytes(32);
    const vault = createFileVault({ file, key });
    expect(await vault.get('company:1')).toBeUndefined();
    await vault.set('company:1', 'refresh-token-value');
    await vault.set('company:2', 'other');
    const raw = await readFile(file, 'utf8');
    expect(raw).not.toContain('refresh-token-value');
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(path.dirname(file))).toEqual(['secrets.json']);
    const again = createFileVault({ file, key });
    expect(await again.get('company:1')).toBe('refresh-token-value');
    await again.delete('company:1');
    expect(await createFileVault({ file, key }).get('company:1')).toBeUndefined();
    expect(await createFileVault({ file, key }).get('company:2')).toBe('other');
  });

  it('serialises concurrent writes without losing one', async () => {
    const vault = createFileVault({ file, key: randomBytes(32) });
    await Promise.all(Array.from({ length: 20 }, (_, i) => vault.set(`k${i}`, `v${i}`)));
    for (let i = 0; i < 20; i += 1) expect(await vault.get(`k${i}`)).toBe(`v${i}`);
  });

  it('refuses a wrong key or a tampered file instead of overwriting it', async () => {
    const key = randomBytes(32);
    await createFileVault({ file, key }).set('a', 'secret');
    await expect(createFileVault({ file, key: randomBytes(32) }).get('a')).rejects.toBeInstanceOf(VaultError);
    const content = JSON.parse(await readFile(file, 'utf8')) as { data: string };
    const bytes = Buffer.from(content.data, 'base64');
    bytes[0] = (bytes[0] as number) ^ 0xff;
    await writeFile(file, JSON.stringify({ ...content, data: bytes.toString('base64') }));
    await expect(createFileVault({ file, key }).set('b', 'x')).rejects.toBeInstanceOf(VaultError);
  });

  it('accepts a passphrase (scrypt with a per-file salt)', async () => {
    await createFileVault({ file, key: 'correct horse' }).set('a', 'secret');
    expect(await createFileVault({ file, key: 'correct horse' }).get('a')).toBe('secret');
    await expect(createFileVault({ file, key: 'wrong' }).get('a')).rejects.toBeInstanceOf(VaultError);
  });

  it('rejects a key of the wrong size', () => {
    expect(() => createFileVault({ file, key: randomBytes(16) })).toThrow(VaultError);
  });
});
