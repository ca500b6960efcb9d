import { describe, expect, it } from 'vitest';
import { readMainView, writeMainView } from '../../../../../renderer/features/workspace/main-view';
import { memoryStorage, refusingStorage as refusing } from '../../storage-stubs';

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
