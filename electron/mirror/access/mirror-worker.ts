/**
 * A worker thread of the local copies' pool (mirror-pool.ts): SQLite calls are synchronous, so
 * they run here, never on the main process's event loop. It holds any number of copies, each by
 * the number the pool gave it. Messages: {id, copy, method, args} in, {id, result} or {id, error}
 * out; `open` (args: the file) and `close` (args ['*']: every copy) are the pool's own.
 */
import { parentPort } from 'node:worker_threads';
import { runMirrorMethod } from './mirror-api';
import { MirrorStore } from '../storage/mirror-store';

/** `method`: a pool op (mirror-pool.ts PoolOp) as sent; a message is not held to its type, so any name is refused but the table's. */
interface Request {
  id: number;
  copy: number;
  method: string;
  args: unknown[];
}

const port = parentPort;
if (!port) throw new Error('mirror-worker.ts runs as a worker thread');
const stores = new Map<number, MirrorStore>();

async function run(request: Request): Promise<unknown> {
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
      return runMirrorMethod(store, request.method, request.args);
    }
  }
}

const answer = async (request: Request): Promise<void> => {
  try {
    port.postMessage({ id: request.id, result: await run(request) });
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    // A service error found here (a list page the parser refuses) keeps its kind for the window's words.
    const { kind, retryable } = failure as { kind?: unknown; retryable?: unknown };
    port.postMessage({ id: request.id, error: { name: failure.name, message: failure.message, ...(failure.name === 'ApiError' && typeof kind === 'string' ? { kind, retryable: retryable === true } : {}) } });
  }
};

// The pool sends a thread one call at a time, and a store's calls are synchronous: each answer is
// posted before the next message is read.
port.on('message', (request: Request) => void answer(request));
