/**
 * THE contract between the renderer and the main process.
 *
 * One map of invoke channels (request -> response) with the schema of their arguments, one map of
 * event channels (main -> renderer) with their payload types, and the shape of the object the
 * preload exposes as `window.invoiceDesk`. Both sides type against this file; the renderer imports
 * it with `import type` only. No Electron import here, and no token or secret type ever appears.
 */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Results and errors that cross the boundary

/** Why an IPC call failed, in words the renderer can show and act on. Plain data only. */
export type IpcErrorKind =
  | 'invalid-input' // the arguments did not match the contract's schema
  | 'forbidden' // the sender is not the app's own window
  | 'internal' // a bug: the main process logged it
  // the API core's taxonomy (electron/api/errors.ts), passed through unchanged
  | 'unauthorized'
  | 'needs-reconnect'
  | 'scope-missing'
  | 'licence-missing'
  | 'rate-limited'
  | 'unavailable'
  | 'bad-request'
  | 'busy'
  | 'cancelled'
  | 'not-found'
  | 'file';

export interface IpcError {
  kind: IpcErrorKind;
  /** What went wrong, for the user. */
  message: string;
  /** What the user can do about it, when there is something. */
  remedy?: string;
  /** The service's own message (often Swedish), when it sent one. */
  serviceMessage?: string;
}

/**
 * Every invoke returns this envelope instead of throwing: errors thrown across Electron's IPC and
 * context bridge lose everything but their message, and the renderer needs the kind to act on.
 */
export type Result<T> = { ok: true; value: T } | { ok: false; error: IpcError };

// ---------------------------------------------------------------------------------------------
// Values

export interface AppInfo {
  name: string;
  version: string;
  platform: 'darwin' | 'win32' | 'linux' | string;
  electronVersion: string;
  /** Whether the OS offers a real keyring for safeStorage (false for Linux's basic_text backend). */
  keyringAvailable: boolean;
  /** The safeStorage backend on Linux ('gnome_libsecret', 'basic_text', ...), else 'os'. */
  keyringBackend: string;
}

// ---------------------------------------------------------------------------------------------
// Invoke channels: name -> argument schema (a tuple: the arguments as the renderer passes them)

export const invokeChannels = {
  'app:getInfo': z.tuple([]),
} as const;

export type InvokeChannel = keyof typeof invokeChannels;
export type InvokeArgs<C extends InvokeChannel> = z.infer<(typeof invokeChannels)[C]>;

/** What each invoke channel resolves with (inside the Result envelope). */
export interface InvokeResults {
  'app:getInfo': AppInfo;
}

// ---------------------------------------------------------------------------------------------
// Event channels: main -> renderer

export interface EventPayloads {
  /** Nothing yet: issues add connect progress, export progress, rate-limit waiting, ... */
  'app:ping': { at: number };
}
export type EventChannel = keyof EventPayloads;
export const eventChannels: readonly EventChannel[] = ['app:ping'];

// ---------------------------------------------------------------------------------------------
// The object on window.invoiceDesk

export type Unsubscribe = () => void;

export interface InvoiceDeskApi {
  app: {
    getInfo(): Promise<Result<AppInfo>>;
  };
  events: {
    /** Listen to one of the contract's event channels; any other name is refused. */
    on<E extends EventChannel>(channel: E, listener: (payload: EventPayloads[E]) => void): Unsubscribe;
  };
}

/** The method table of the bridge: which namespace.method calls which channel. */
export const bridgeMethods = {
  app: { getInfo: 'app:getInfo' },
} as const satisfies Record<string, Record<string, InvokeChannel>>;

/** Bridge functions that return synchronously (everything else returns a Promise). */
export const syncBridgePaths = ['events.on'] as const;
