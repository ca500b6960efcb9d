/**
 * The active company in its own small file (active-company-file.ts): written after the click, the
 * latest choice kept, never half written, and read back at the next start; the settings file's old
 * choice counts until the file exists.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openActiveCompanyFile } from '../../../electron/companies/active-company-file';

let dir: string;
let file: string;
const logged: string[] = [];
const log = (message: string) => void logged.push(message);
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'active-company-'));
  file = path.join(dir, 'active-company.json');
  logged.length = 0;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the active company\'s file', () => {
  it('starts from the settings file\'s choice, keeps the last of a burst of clicks, and reads it back (0600)', async () => {
    const active = openActiveCompanyFile(file, { before: 'old', log });
    expect(active.get()).toBe('old');
    for (let i = 1; i <= 50; i += 1) active.set(`c${i}`);
    expect(active.get()).toBe('c50'); // at once, before the disk
    await active.flush();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ activeCompanyId: 'c50' });
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    // The next start: the file's choice, not the settings file's any more.
    expect(openActiveCompanyFile(file, { before: 'old', log }).get()).toBe('c50');
    expect(logged).toEqual([]);
  });

  it('a choice set while the last is being written is written after it', async () => {
    const active = openActiveCompanyFile(file, { before: undefined, log });
    active.set('a');
    await Promise.resolve();
    active.set('b');
    await active.flush();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ activeCompanyId: 'b' });
  });

  it('none chosen stays none after a restart (not the settings file\'s old choice)', async () => {
    const active = openActiveCompanyFile(file, { before: 'old', log });
    active.set(undefined);
    await active.flush();
    expect(openActiveCompanyFile(file, { before: 'old', log }).get()).toBeUndefined();
  });

  it('an unreadable file counts as none written: the settings file\'s choice', () => {
    writeFileSync(file, '{"activeCompa');
    expect(openActiveCompanyFile(file, { before: 'old', log }).get()).toBe('old');
    writeFileSync(file, '{"activeCompanyId": 42}');
    expect(openActiveCompanyFile(file, { before: 'old', log }).get()).toBeUndefined();
  });

  it('a write that fails is logged and the choice is still the one in memory', async () => {
    mkdirSync(file); // a folder where the file goes: the rename over it fails
    const active = openActiveCompanyFile(file, { before: undefined, log });
    active.set('a');
    await active.flush();
    expect(active.get()).toBe('a');
    expect(logged).toEqual(['Saving which company is active failed']);
  });
});
