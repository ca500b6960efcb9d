import { describe, expect, it } from 'vitest';
import { createBridge, type RendererPort } from '../../../electron/ipc/bridge';

function fakePort() {
  const invoked: unknown[][] = [];
  const listeners = new Map<string, Set<(event: unknown, payload: unknown) => void>>();
  const port: RendererPort = {
    invoke: async (channel, ...args) => {
      invoked.push([channel, ...args]);
      return { ok: true, value: channel };
    },
    on: (channel, listener) => {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(listener);
    },
    removeListener: (channel, listener) => listeners.get(channel)?.delete(listener),
  };
  return { port, invoked, listeners };
}

describe('the preload bridge', () => {
  it('maps each method to its own channel and passes the arguments through', async () => {
    const { port, invoked } = fakePort();
    const api = createBridge(port);
    expect(await api.app.getInfo()).toEqual({ ok: true, value: 'app:getInfo' });
    expect(invoked).toEqual([['app:getInfo']]);
  });

  it('refuses to listen on a channel the contract does not list', () => {
    const { port } = fakePort();
    const api = createBridge(port);
    expect(() => api.events.on('ipc:anything' as never, () => undefined)).toThrow(/Unknown event channel/);
  });

  it('hands listeners the payload only, never the IPC event, and unsubscribes', () => {
    const { port, listeners } = fakePort();
    const api = createBridge(port);
    const seen: unknown[] = [];
    const off = api.events.on('companies:changed', (payload) => seen.push(payload));
    for (const l of listeners.get('companies:changed')!) l({ sender: 'secret' }, { companies: [], activeId: null });
    expect(seen).toEqual([{ companies: [], activeId: null }]);
    off();
    expect(listeners.get('companies:changed')!.size).toBe(0);
  });

  it('turns a broken IPC into a typed internal error instead of a rejection', async () => {
    const port: RendererPort = { invoke: () => Promise.reject(new Error('No handler')), on: () => undefined, removeListener: () => undefined };
    expect(await createBridge(port).app.getInfo()).toMatchObject({ ok: false, error: { kind: 'internal' } });
  });
});
