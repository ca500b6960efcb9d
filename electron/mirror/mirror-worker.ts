/**
 * A worker thread of the local copies' pool (mirror-pool.ts): SQLite calls are synchronous, so
 * they run here, never on the main process's event loop. It holds any number of copies, each by
 * the number the pool gave it. Messages: {id, copy, method, args} in, {id, result} or {id, error}
 * out; `open` (args: the file) and `close` (args ['*']: every copy) are the pool's own.
 */
import { parentPort } from 'node:worker_threads';
import { callStore, MIRROR_METHODS, type MirrorMethod } from './mirror-api';
import { MirrorStore } from './mirror-store';
import type { PoolOp } from './mirror-pool';

interface Request {
  id: number;
  copy: number;
  method: PoolOp;
  args: unknown[];
}

const port = parentPort;
if (!port) throw new Error('mirror-worker.ts runs as a worker thread');
const stores = new Map<number, MirrorStore>();

function run(request: Request): unknown {
  switch (request.method) {
    case 'open': {
      stores.get(request.copy)?.close();
      stores.set(request.copy, new MirrorStore(String(request.args[0])));
      return undefined;
    }
    case 'close': {
      const closing = request.args[0] === '*' ? [...stores.keys()] : [request.copy];
      for (const copy of closing) {
        stores.get(copy)?.close();
        stores.delete(copy);
      }
      return undefined;
    }
    default: {
      const store = stores.get(request.copy);
      if (!store) throw new Error('The local copy is not open.');
      if (!MIRROR_METHODS.includes(request.method)) throw new Error(`Unknown method ${String(request.method)}`);
      return callStore(store, request.method as MirrorMethod, request.args);
    }
  }
}

port.on('message', (request: Request) => {
  try {
    port.postMessage({ id: request.id, result: run(request) });
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    // A service error found here (a list page the parser refuses) keeps its kind for the window's words.
    const { kind, retryable } = failure as { kind?: unknown; retryable?: unknown };
    port.postMessage({ id: request.id, error: { name: failure.name, message: failure.message, ...(failure.name === 'ApiError' && typeof kind === 'string' ? { kind, retryable: retryable === true } : {}) } });
  }
});
