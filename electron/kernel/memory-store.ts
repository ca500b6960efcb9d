/**
 * A key-value store read once and then answered from memory. electron-store reads and parses its
 * whole file on every get; with a firm's hundreds of companies the file is large and is asked
 * about once per company, so reading it each time would take most of the main process's time. The
 * app is the file's only writer (one instance), so every write goes through here: the file first,
 * then the copy in memory.
 */
import type { KeyValueStore } from './key-value-store';

/** The file underneath: electron-store's `store` getter reads the whole file. */
export interface StoreFile {
  readonly store: Record<string, unknown>;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

export function keptInMemory(file: StoreFile): KeyValueStore {
  let kept: Record<string, unknown> = file.store;
  return {
    // A copy each time, as electron-store gives: a caller changing what it got changes nothing stored.
    get: (key) => structuredClone(kept[key]),
    set(key, value) {
      file.set(key, value); // a failed write (disk full) leaves memory as the file is
      kept = { ...kept, [key]: structuredClone(value) };
    },
    delete(key) {
      file.delete(key);
      const { [key]: _gone, ...rest } = kept;
      kept = rest;
    },
  };
}
