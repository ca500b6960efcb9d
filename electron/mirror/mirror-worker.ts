/**
 * The worker thread that owns a company's local copy in the app: SQLite calls are synchronous, so
 * they run here, never on the main process's event loop. Messages: {id, method, args} in,
 * {id, result} or {id, error} out; 'close' closes the database and ends the thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { callStore, MIRROR_METHODS, type MirrorMethod } from './mirror-api';
import { MirrorStore } from './mirror-store';

interface Request {
  id: number;
  method: MirrorMethod | 'close';
  args: unknown[];
}

const port = parentPort;
if (!port) throw new Error('mirror-worker.ts runs as a worker thread');
let store: MirrorStore | undefined;
let openError: Error | undefined;
try {
  store = new MirrorStore((workerData as { file: string }).file);
} catch (error) {
  openError = error instanceof Error ? error : new Error(String(error));
}

port.on('message', (request: Request) => {
  if (request.method === 'close') {
    store?.close();
    port.postMessage({ id: request.id, result: undefined });
    port.close();
    return;
  }
  try {
    if (!store) throw openError ?? new Error('The local copy is not open.');
    if (!MIRROR_METHODS.includes(request.method)) throw new Error(`Unknown method ${String(request.method)}`);
    port.postMessage({ id: request.id, result: callStore(store, request.method, request.args) });
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    port.postMessage({ id: request.id, error: { name: failure.name, message: failure.message } });
  }
});
