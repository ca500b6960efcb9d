/**
 * Builds the renderer-facing object (window.invoiceDesk) from an ipcRenderer-like port.
 *
 * The object is closed: one function per entry of common's channel table, each bound to its own channel, and an
 * event subscription that only accepts the contract's event channels. The renderer can never name
 * a channel itself, so it cannot send or listen on anything the table does not list.
 */
import { eventChannels, invokeTable, type EventChannel, type InvokeChannel } from '../common/channels';
import type { Result } from '../common/errors';
import type { EventPayloads, InvoiceDeskApi, Unsubscribe } from './contract';

/** The part of Electron's ipcRenderer the bridge uses (kept small so tests can supply one). */
export interface RendererPort {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
}

function isResult(value: unknown): value is Result<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { ok?: unknown }).ok === 'boolean';
}

async function invoke(port: RendererPort, channel: InvokeChannel, args: unknown[]): Promise<Result<unknown>> {
  try {
    const value = await port.invoke(channel, ...args);
    if (isResult(value)) return value;
    return { ok: false, error: { kind: 'internal', message: `Unexpected reply on ${channel}.` } };
  } catch (error) {
    // Only reached when the main process has no handler or the IPC itself broke.
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, error: { kind: 'internal', message } };
  }
}

export function createBridge(port: RendererPort): InvoiceDeskApi {
  const api: Record<string, Record<string, (...args: unknown[]) => Promise<Result<unknown>>>> = {};
  for (const [namespace, methods] of Object.entries(invokeTable)) {
    const group: Record<string, (...args: unknown[]) => Promise<Result<unknown>>> = {};
    for (const method of Object.keys(methods)) {
      const channel = `${namespace}:${method}` as InvokeChannel;
      group[method] = (...args: unknown[]) => invoke(port, channel, args);
    }
    api[namespace] = group;
  }
  const allowed = new Set<string>(eventChannels);
  const events = {
    on<E extends EventChannel>(channel: E, listener: (payload: EventPayloads[E]) => void): Unsubscribe {
      if (!allowed.has(channel)) throw new TypeError(`Unknown event channel: ${String(channel)}`);
      if (typeof listener !== 'function') throw new TypeError('listener must be a function');
      // Never hand the IpcRendererEvent to the page: it carries the sender and ports.
      const wrapped = (_event: unknown, payload: unknown) => listener(payload as EventPayloads[E]);
      port.on(channel, wrapped);
      return () => {
        port.removeListener(channel, wrapped);
      };
    },
  };
  return { ...(api as unknown as Omit<InvoiceDeskApi, 'events'>), events };
}
