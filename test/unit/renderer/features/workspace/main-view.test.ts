import { describe, expect, it } from 'vitest';
import { readMainView, writeMainView } from '../../../../../renderer/features/workspace/main-view';

/** A Storage of one Map, and one that refuses every call (a policy, a full disk). */
function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), removeItem: (key: string) => void items.delete(key), items };
}
const refusing = {
  getItem: (): string | null => {
    throw new Error('SecurityError');
  },
  setItem: (): void => {
    throw new Error('QuotaExceededError');
  },
  removeItem: (): void => {
    throw new Error('SecurityError');
  },
};

describe('the view the window opens on (main-view.ts)', () => {
  it('opens on All companies once it was left there, and on a company again once a company was shown', () => {
    const storage = memoryStorage();
    expect(readMainView(storage)).toBe('company');
    writeMainView(storage, 'all');
    expect(readMainView(storage)).toBe('all');
    writeMainView(storage, 'company');
    expect(readMainView(storage)).toBe('company');
    expect(storage.items.size).toBe(0); // the default is not stored
  });

  it('opens on a company when the stored value is anything else, or the storage refuses', () => {
    const storage = memoryStorage();
    storage.setItem('invoice-desk:main-view', 'settings');
    expect(readMainView(storage)).toBe('company');
    expect(readMainView(refusing)).toBe('company');
    expect(() => writeMainView(refusing, 'all')).not.toThrow();
    expect(readMainView(undefined)).toBe('company');
  });
});
