/** The overview's collapsed state per company, and the channel by which its links reach the grid. */
import { describe, expect, it } from 'vitest';
import { normaliseView } from '../../../../../renderer/features/invoices/view';
import { createViewChannel } from '../../../../../renderer/features/invoices/view-channel';
import { readCollapsed, writeCollapsed } from '../../../../../renderer/features/receivables/useCollapsed';

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k), map };
}

describe('collapsed state', () => {
  it('is remembered per company', () => {
    const storage = memoryStorage();
    expect(readCollapsed(storage, 'c1')).toBe(false);
    writeCollapsed(storage, 'c1', true);
    expect(readCollapsed(storage, 'c1')).toBe(true);
    expect(readCollapsed(storage, 'c2')).toBe(false);
    writeCollapsed(storage, 'c1', false);
    expect(storage.map.size).toBe(0);
  });

  it('falls back to expanded when storage refuses', () => {
    const refusing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); }, removeItem: () => { throw new Error('denied'); } };
    expect(readCollapsed(refusing, 'c1')).toBe(false);
    expect(() => writeCollapsed(refusing, 'c1', true)).not.toThrow();
    expect(readCollapsed(undefined, 'c1')).toBe(false);
  });
});

describe('view channel', () => {
  it('hands an update to the grid, or keeps it until the grid listens', () => {
    const channel = createViewChannel();
    const seen: string[] = [];
    channel.send((view) => ({ ...view, currency: 'EUR' }));
    const stop = channel.listen((update) => seen.push(update(normaliseView(null)).currency ?? ''));
    expect(seen).toEqual(['EUR']);
    channel.send((view) => ({ ...view, currency: 'SEK' }));
    expect(seen).toEqual(['EUR', 'SEK']);
    stop();
    channel.send((view) => ({ ...view, currency: 'USD' }));
    expect(seen).toEqual(['EUR', 'SEK']);
    channel.listen((update) => seen.push(update(normaliseView(null)).currency ?? ''));
    expect(seen).toEqual(['EUR', 'SEK', 'USD']);
  });
});
