/**
 * Emulates Electron's contextBridge between the preload (running in Node here) and the page.
 *
 * The rules kept (https://www.electronjs.org/docs/latest/api/context-bridge): the page gets its
 * own copy of the exposed object (frozen, plain prototypes: nothing of the preload's world leaks);
 * functions become proxies that call across; arguments and results are copied (Playwright's
 * serialisation, like structured clone); functions passed as arguments or returned become proxies
 * too; a thrown error arrives as an Error with its message only.
 */
import type { Page } from 'playwright-core';

type Shape = { t: 'fn'; id: number; sync?: boolean } | { t: 'obj'; props: Record<string, Shape> } | { t: 'val'; v: unknown };

/** Markers used on the wire for functions crossing in either direction. */
interface FnMarker {
  __bridgeFn: number;
}

const CALLBACKS_GLOBAL = '__invoiceDeskHarnessCallbacks';
const BINDING = '__invoiceDeskHarnessBridge';

export class ContextBridgeEmulation {
  private readonly functions = new Map<number, (...args: unknown[]) => unknown>();
  private nextId = 1;
  /** Function and error markers outgoing() has written: an answer that added none needs no fromWire in the page. */
  private markers = 0;
  private readonly exposed = new Map<string, Shape>();

  constructor(private readonly page: () => Page | undefined) {}

  /** contextBridge.exposeInMainWorld: remember the object's shape; install() puts it in the page. */
  expose(key: string, api: unknown, syncPaths: readonly string[] = []): void {
    if (this.exposed.has(key)) throw new Error(`Cannot bind an API on top of an existing property: ${key}`);
    this.exposed.set(key, this.describe(api, new Set(), '', new Set(syncPaths)));
  }

  private register(fn: (...args: unknown[]) => unknown): number {
    const id = this.nextId++;
    this.functions.set(id, fn);
    return id;
  }

  /**
   * syncPaths: functions that return synchronously in Electron (events.on returns its
   * unsubscribe). A page cannot call Node synchronously, so their proxies return at once and
   * finish the call in the background; the unsubscribe they return waits for it.
   */
  private describe(value: unknown, seen: Set<unknown>, path: string, syncPaths: Set<string>): Shape {
    if (typeof value === 'function') {
      return { t: 'fn', id: this.register(value as (...args: unknown[]) => unknown), sync: syncPaths.has(path) };
    }
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      if (seen.has(value)) throw new Error('contextBridge: cyclic objects cannot be exposed');
      seen.add(value);
      const props: Record<string, Shape> = {};
      for (const key of Object.keys(value)) {
        const child = (value as Record<string, unknown>)[key];
        props[key] = this.describe(child, seen, path ? `${path}.${key}` : key, syncPaths);
      }
      return { t: 'obj', props };
    }
    return { t: 'val', v: structuredClone(value) };
  }

  /** Results crossing into the page: functions become markers, everything else is copied. */
  private outgoing(value: unknown): unknown {
    if (typeof value === 'function') {
      this.markers += 1;
      return { __bridgeFn: this.register(value as (...args: unknown[]) => unknown) } satisfies FnMarker;
    }
    if (Array.isArray(value)) return value.map((item) => this.outgoing(item));
    if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.outgoing(v)]));
    }
    if (value instanceof Error) {
      this.markers += 1;
      return { __bridgeError: value.message };
    }
    return value;
  }

  /** Arguments crossing out of the page: markers become callable proxies of page functions. */
  private incoming(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => this.incoming(item));
    if (typeof value === 'object' && value !== null) {
      if (typeof (value as { __pageFn?: unknown }).__pageFn === 'number') {
        const id = (value as { __pageFn: number }).__pageFn;
        return (...args: unknown[]) => {
          const page = this.page();
          if (!page || page.isClosed()) return;
          const payload = structuredClone(args.map((a) => this.outgoing(a)));
          this.waiting.push(`window[${JSON.stringify(CALLBACKS_GLOBAL)}]?.get(${id})?.(...${JSON.stringify(payload)})`);
          if (this.waiting.length === 1) setImmediate(() => this.sendWaiting());
        };
      }
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.incoming(v)]));
    }
    return value;
  }

  /**
   * Calls of page functions (the app's events) waiting to cross, sent together (sendWaiting). In
   * Electron each event is an IPC message costing microseconds; here each was a Playwright
   * evaluate, several ms of this process, which is also the app's main process, so that a firm's
   * syncs (dozens of events a second) held up the answers to the window's own calls
   * (docs/decisions/0017-firm-window-rendering.md). In order, and before an invoke's answer, as
   * Electron delivers them.
   */
  private waiting: string[] = [];

  private sendWaiting(): void {
    const calls = this.waiting;
    this.waiting = [];
    const page = this.page();
    if (calls.length === 0 || !page || page.isClosed()) return;
    // Each call on its own, as when each was an evaluate: a listener that throws (or rejects) does not keep the next from its event.
    const script = calls.map((call) => `try { Promise.resolve(${call}).catch(() => undefined); } catch {}`).join('\n');
    void page.evaluate(script).catch(() => undefined); // the page may be navigating or closed
  }

  /** Installs the binding and the init script; call before the page's first navigation. */
  async install(page: Page): Promise<void> {
    await page.exposeBinding(BINDING, async (_source, id: number, args: unknown[]) => {
      const fn = this.functions.get(id);
      if (!fn) throw new Error('contextBridge: the function is no longer available');
      try {
        const value = await fn(...(this.incoming(args) as unknown[]));
        const before = this.markers;
        const wire = this.outgoing(value);
        return asText({ value: wire }, this.markers === before);
      } catch (error) {
        return { error: error instanceof Error ? error.message : String(error) };
      } finally {
        // The events the call sent before its answer reach the page before it.
        this.sendWaiting();
      }
    });
    const exposed = Object.fromEntries(this.exposed);
    // A string, not a function: TypeScript runners (tsx, vitest) may add helpers to compiled
    // functions that do not exist in the page.
    await page.addInitScript({ content: `(${PAGE_BRIDGE_SOURCE})(${JSON.stringify([BINDING, CALLBACKS_GLOBAL, exposed])});` });
  }
}

/**
 * An answer as JSON text when JSON carries it whole (plain objects and arrays of strings, finite
 * numbers, booleans and null: what the app's answers are), else as it is. Playwright's protocol
 * checks every node of an answer sent as a value against its schema, in this process, which is
 * also the app's main process: a page of rows or the 300 companies' statuses cost it several ms
 * each, where Electron's IPC copies them in a fraction of that. One string is checked once.
 *
 * `plain`: the answer holds no function or error marker, so the page uses what JSON.parse made as
 * it is. Walking it again (fromWire, a second copy of every object) would slow a firm's start,
 * with its hundreds of companies' statuses, by work Electron's structured clone does not have
 * (docs/decisions/0017-firm-window-rendering.md).
 */
function asText(reply: { value: unknown }, plain: boolean): { value: unknown } | string {
  if (!carriedWhole(reply.value, 0)) return reply;
  return JSON.stringify(plain ? { ...reply, plain: true } : reply);
}

function carriedWhole(value: unknown, depth: number): boolean {
  if (depth > 64) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) if (!(i in value) || !carriedWhole(value[i], depth + 1)) return false;
    return true;
  }
  if (typeof value !== 'object') return false; // undefined, bigint, a function
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return false; // a Date, a Map, a typed array
  for (const key of Object.keys(value)) if (!carriedWhole((value as Record<string, unknown>)[key], depth + 1)) return false;
  return true;
}

/** Runs in the page before any of its scripts: builds the frozen copy of the exposed objects. */
const PAGE_BRIDGE_SOURCE = String.raw`function ([bindingName, callbacksName, shapes]) {
  const call = window[bindingName];
  // Hide the raw binding: the page reaches the preload only through the exposed object.
  delete window[bindingName];
  const callbacks = new Map();
  Object.defineProperty(window, callbacksName, { value: callbacks, enumerable: false });
  let nextCallback = 1;
  const toWire = (value) => {
    if (typeof value === 'function') {
      const id = nextCallback++;
      callbacks.set(id, value);
      return { __pageFn: id };
    }
    if (Array.isArray(value)) return value.map(toWire);
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toWire(v)]));
    }
    return value;
  };
  const fromWire = (value) => {
    if (Array.isArray(value)) return value.map(fromWire);
    if (typeof value === 'object' && value !== null) {
      if (typeof value.__bridgeFn === 'number') return makeProxy(value.__bridgeFn);
      if (typeof value.__bridgeError === 'string') return new Error(value.__bridgeError);
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fromWire(v)]));
    }
    return value;
  };
  const makeProxy = (id) =>
    function (...args) {
      return call(id, toWire(args)).then((sent) => {
        const reply = typeof sent === 'string' ? JSON.parse(sent) : sent;
        if (reply.error !== undefined) throw new Error(reply.error);
        return reply.plain === true ? reply.value : fromWire(reply.value);
      });
    };
  const makeSyncProxy = (id) =>
    function (...args) {
      const pending = makeProxy(id)(...args);
      pending.catch(() => undefined);
      // The Electron function returns its unsubscribe at once; this one returns a stand-in.
      return () => {
        pending.then((result) => (typeof result === 'function' ? result() : undefined));
      };
    };
  const build = (shape) => {
    if (shape.t === 'fn') return shape.sync ? makeSyncProxy(shape.id) : makeProxy(shape.id);
    if (shape.t === 'val') return shape.v;
    const obj = {};
    for (const [k, v] of Object.entries(shape.props)) obj[k] = build(v);
    return Object.freeze(obj);
  };
  for (const [key, shape] of Object.entries(shapes)) {
    Object.defineProperty(window, key, { value: build(shape), enumerable: true, writable: false, configurable: false });
  }
}`;
