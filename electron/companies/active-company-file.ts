/**
 * Which company is active, in a small file of its own, written after the click's answer and never
 * in its way. Not in the app's settings file (electron-store): its every write reads and parses the
 * whole file, writes it all again and waits for the disk, and with a firm's hundreds of companies
 * that file is large enough to block the main process at each click.
 *
 * Written asynchronously (a temporary file, then renamed over the old one: never half written),
 * the latest choice only when clicks come faster than the disk. A write lost to a crash a moment
 * after a click opens the company chosen before it next time; nothing else depends on it.
 */
import { readFileSync } from 'node:fs';
import { writeBehind } from '../kernel/write-behind';

export interface ActiveCompanyFile {
  get(): string | undefined;
  /** `undefined`: none chosen (the first company opens). */
  set(id: string | undefined): void;
  /** Resolves once what was set is on disk (the app's quit waits for it). */
  flush(): Promise<void>;
}

/** What the file says: an id, none (`{}`), or null when there is no readable file. */
function readChoice(file: string): string | undefined | null {
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (typeof stored !== 'object' || stored === null) return null;
    const id = (stored as { activeCompanyId?: unknown }).activeCompanyId;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return null; // no file yet (or an unreadable one): what was stored before it
  }
}

/** `before`: the choice as stored before this file existed (the settings file's activeCompanyId). */
export function openActiveCompanyFile(file: string, options: { before: unknown; log(message: string, error?: unknown): void }): ActiveCompanyFile {
  const read = readChoice(file);
  let current = read !== null ? read : typeof options.before === 'string' ? options.before : undefined;
  const saved = writeBehind({
    file,
    text: () => JSON.stringify(current === undefined ? {} : { activeCompanyId: current }),
    afterMs: 0,
    failed: (error) => options.log('Saving which company is active failed', error),
  });
  return {
    get: () => current,
    set(id) {
      current = id;
      saved.schedule();
    },
    flush: () => saved.flush(),
  };
}
