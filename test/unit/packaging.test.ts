/**
 * electron-builder.yml's Electron fuses: flipped into the binary at package time, which this
 * machine cannot do (no Electron binary), so the configuration itself is checked here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');

/** The flat `electronFuses:` map (two-space indented `name: true|false` lines, comments allowed). */
function electronFuses(): Record<string, boolean> {
  const lines = readFileSync(path.join(root, 'electron-builder.yml'), 'utf8').split(/\r?\n/);
  const start = lines.findIndex((line) => /^electronFuses:\s*(#.*)?$/.test(line));
  if (start === -1) throw new Error('electron-builder.yml has no electronFuses section');
  const fuses: Record<string, boolean> = {};
  for (const line of lines.slice(start + 1)) {
    if (/^\s*(#.*)?$/.test(line)) continue;
    const match = /^ {2}(\w+):\s*(true|false)\s*(#.*)?$/.exec(line);
    if (!match) break;
    fuses[match[1]!] = match[2] === 'true';
  }
  return fuses;
}

describe('Electron fuses (electron-builder.yml)', () => {
  it('gives file:// no extra privileges: the renderer is served from app://', () => {
    expect(electronFuses().grantFileProtocolExtraPrivileges).toBe(false);
  });

  it('keeps the other hardening fuses set', () => {
    expect(electronFuses()).toMatchObject({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
  });
});
