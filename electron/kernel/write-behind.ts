/**
 * A small file written behind the app's back: a change asks for a write (`schedule`), the write
 * happens later and asynchronously, never in the way of the answer that caused it, and a burst of
 * changes makes one write of the latest state (its text is taken when the write begins). Each
 * write goes to a temporary file renamed over the old one, mode 0600, so a crash leaves the old
 * file or the new one, never half of one. The app's quit waits for `flush`.
 *
 * Used by the active company's file and the companies' status snapshot.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';

export interface WriteBehind {
  /** The state changed: it is written `afterMs` later (or after the write under way). */
  schedule(): void;
  /** Writes what is pending now and resolves once everything asked for is on disk. */
  flush(): Promise<void>;
}

export function writeBehind(options: {
  file: string;
  /** The file's whole text, read when its write begins. */
  text(): string;
  /** How long a change waits for more before it is written: 0 writes after the write under way. */
  afterMs: number;
  /** A write that failed: the state stays in memory, the next change tries again. */
  failed(error: unknown): void;
}): WriteBehind {
  const temporary = `${options.file}.tmp`;
  let pending = false;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  const start = (): void => {
    timer = undefined;
    writing = writing
      .then(async () => {
        // A change from here on asks for a write of its own, after this one.
        pending = false;
        const body = options.text();
        await fs.mkdir(path.dirname(options.file), { recursive: true, mode: 0o700 });
        await fs.writeFile(temporary, body, { mode: 0o600 });
        await fs.rename(temporary, options.file);
      })
      .catch(options.failed);
  };

  return {
    schedule() {
      if (pending) return;
      pending = true;
      if (options.afterMs <= 0) return start();
      timer = setTimeout(start, options.afterMs);
      timer.unref(); // a write still waiting must not keep the process alive; quit flushes it
    },
    flush() {
      if (timer) {
        clearTimeout(timer);
        start();
      }
      return writing;
    },
  };
}
