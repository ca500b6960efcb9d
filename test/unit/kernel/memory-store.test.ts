import { describe, expect, it } from 'vitest';
import { keptInMemory, type StoreFile } from '../../../electron/kernel/memory-store';

/** A file like electron-store's: every read of `store` parses what was last written. */
function fakeFile(initial: Record<string, unknown>) {
  let text = JSON.stringify(initial);
  const file = {
    reads: 0,
    failNextWrite: false,
    get store(): Record<string, unknown> {
      file.reads += 1;
      return JSON.parse(text) as Record<string, unknown>;
    },
    set(key: string, value: unknown) {
      if (file.failNextWrite) throw new Error('ENOSPC: no space left on device');
      text = JSON.stringify({ ...(JSON.parse(text) as object), [key]: value });
    },
    delete(key: string) {
      const { [key]: _gone, ...rest } = JSON.parse(text) as Record<string, unknown>;
      text = JSON.stringify(rest);
    },
    text: () => JSON.parse(text) as Record<string, unknown>,
  };
  return file satisfies StoreFile;
}

describe('keptInMemory', () => {
  it('reads the file once, however often it is asked (a firm asks hundreds of times a second)', () => {
    const file = fakeFile({ settings: { localCopy: true } });
    const store = keptInMemory(file);
    for (let i = 0; i < 1000; i += 1) expect(store.get('settings')).toEqual({ localCopy: true });
    expect(file.reads).toBe(1);
  });

  it('writes through to the file, and answers what was written', () => {
    const file = fakeFile({ companies: [{ id: 'a' }] });
    const store = keptInMemory(file);
    store.set('companies', [{ id: 'a' }, { id: 'b' }]);
    store.set('activeCompanyId', 'b');
    expect(store.get('companies')).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(file.text()).toEqual({ companies: [{ id: 'a' }, { id: 'b' }], activeCompanyId: 'b' });
    store.delete('activeCompanyId');
    expect(store.get('activeCompanyId')).toBeUndefined();
    expect(file.text()).toEqual({ companies: [{ id: 'a' }, { id: 'b' }] });
  });

  it('gives a copy: changing what get returned, or what was set, changes nothing stored', () => {
    const file = fakeFile({});
    const store = keptInMemory(file);
    const list = [{ id: 'a', name: 'A' }];
    store.set('companies', list);
    list[0]!.name = 'changed after set';
    (store.get('companies') as Array<{ name: string }>)[0]!.name = 'changed after get';
    expect(store.get('companies')).toEqual([{ id: 'a', name: 'A' }]);
  });

  it('a write that fails leaves memory as the file is', () => {
    const file = fakeFile({ settings: { language: 'sv' } });
    const store = keptInMemory(file);
    file.failNextWrite = true;
    expect(() => store.set('settings', { language: 'en' })).toThrow(/ENOSPC/);
    expect(store.get('settings')).toEqual({ language: 'sv' });
    expect(file.text()).toEqual({ settings: { language: 'sv' } });
  });
});
