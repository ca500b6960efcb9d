import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../electron/kernel/errors';
import { invokeChannelNames } from '../../../electron/common/channels';
import type { Handlers } from '../../../electron/ipc/contract';
import { registerHandlers } from '../../../electron/ipc/handlers';

const APP_URL = 'app://invoice-desk/index.html';

/** An ipcMain stand-in: records the handlers and lets a test invoke them with a sender of its choice. */
function fakeIpcMain() {
  const registered = new Map<string, (event: unknown, ...args: unknown[]) => Promise<unknown>>();
  return {
    registered,
    handle: (channel: string, handler: (event: unknown, ...args: unknown[]) => Promise<unknown>) => void registered.set(channel, handler),
    removeHandler: (channel: string) => void registered.delete(channel),
    invoke(channel: string, sender: { id: number; url: string | undefined; subFrame?: boolean }, ...args: unknown[]) {
      const mainFrame = { url: sender.url };
      const event = { sender: { id: sender.id, mainFrame }, senderFrame: sender.subFrame ? { url: sender.url } : mainFrame };
      return registered.get(channel)!(event, ...args);
    },
  };
}

function setup(overrides: Partial<Handlers> = {}) {
  const ipcMain = fakeIpcMain();
  const log = vi.fn();
  const called: string[] = [];
  const handlers = Object.fromEntries(
    invokeChannelNames().map((channel) => [channel, async () => void called.push(channel)]),
  ) as unknown as Handlers;
  Object.assign(handlers, overrides);
  const unregister = registerHandlers(ipcMain as never, handlers, { trustedWebContentsIds: () => [1], rendererUrl: APP_URL }, log);
  return { ipcMain, log, called, unregister };
}

const trusted = { id: 1, url: APP_URL };

describe('IPC handlers', () => {
  it('registers one handler per channel of the table, and removes them all', () => {
    const { ipcMain, unregister } = setup();
    expect([...ipcMain.registered.keys()].sort()).toEqual(invokeChannelNames().sort());
    unregister();
    expect(ipcMain.registered.size).toBe(0);
  });

  it('refuses an untrusted sender before parsing or calling anything, and logs it', async () => {
    const { ipcMain, log, called } = setup();
    for (const sender of [{ id: 2, url: APP_URL }, { id: 1, url: 'https://evil.example/' }, { id: 1, url: APP_URL, subFrame: true }, { id: 1, url: undefined }]) {
      await expect(ipcMain.invoke('settings:get', sender)).resolves.toEqual({ ok: false, error: { kind: 'forbidden', message: 'This window may not call Invoice Desk.' } });
    }
    expect(called).toEqual([]);
    expect(log).toHaveBeenCalledWith('Refused IPC on settings:get from an untrusted sender', undefined);
  });

  it('refuses arguments that do not match the schema, naming the argument', async () => {
    const { ipcMain, called } = setup();
    const reply = (await ipcMain.invoke('companies:rename', trusted, 'id-1', 42)) as { ok: boolean; error: { kind: string; message: string } };
    expect(reply).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    expect(reply.error.message).toContain('argument 1');
    expect(called).toEqual([]);
  });

  it('refuses a list that does not exist, and names the argument of a list\'s own fault', async () => {
    const { ipcMain, called } = setup();
    const unknown = (await ipcMain.invoke('lists:page', trusted, 'payments', 'c1', { page: 1, limit: 25 }, 'interactive')) as { error: { kind: string; message: string } };
    expect(unknown.error).toMatchObject({ kind: 'invalid-input', message: expect.stringContaining('lists:page (argument 0)') });
    const other = (await ipcMain.invoke('lists:page', trusted, 'invoices', 'c1', { page: 1, limit: 25, supplier: '18' }, 'interactive')) as { error: { kind: string; message: string } };
    expect(other.error).toMatchObject({ kind: 'invalid-input', message: expect.stringContaining('(argument 2)') });
    const limit = (await ipcMain.invoke('lists:saveView', trusted, 'supplierinvoices', 'c1', { limit: 0, columns: [] })) as { error: { kind: string; message: string } };
    expect(limit.error).toMatchObject({ kind: 'invalid-input', message: expect.stringContaining('(argument 2.limit)') });
    expect(called).toEqual([]);
  });

  it('passes the parsed arguments and wraps the value', async () => {
    const rename = vi.fn(async () => ({ companies: [], activeId: null }));
    const { ipcMain } = setup({ 'companies:rename': rename });
    await expect(ipcMain.invoke('companies:rename', trusted, 'id-1', '  New name  ')).resolves.toEqual({ ok: true, value: { companies: [], activeId: null } });
    expect(rename).toHaveBeenCalledWith('id-1', 'New name'); // the schema trims
  });

  it('maps a known failure to its kind and remedy, and anything else to internal without its message', async () => {
    const { ipcMain, log } = setup({
      'settings:get': async () => {
        throw new ApiError('scope-missing', { message: 'No scope.', remedy: 'Reconnect.' });
      },
      'companies:list': async () => {
        throw new Error('secret-token-in-a-message');
      },
    });
    await expect(ipcMain.invoke('settings:get', trusted)).resolves.toEqual({ ok: false, error: { kind: 'scope-missing', message: 'No scope.', remedy: 'Reconnect.' } });
    const internal = await ipcMain.invoke('companies:list', trusted);
    expect(internal).toMatchObject({ ok: false, error: { kind: 'internal' } });
    expect(JSON.stringify(internal)).not.toContain('secret-token');
    expect(log).toHaveBeenCalledWith('IPC handler failed', expect.any(Error));
  });
});
