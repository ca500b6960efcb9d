/** The app's handle on a local copy living in its worker thread (mirror-worker.ts). */
import { Worker } from 'node:worker_threads';
import { mirrorApiOver, type MirrorApi, type MirrorMethod } from './mirror-api';

interface Reply {
  id: number;
  result?: unknown;
  error?: { name: string; message: string };
}

/** `workerScript`: the built mirror-worker.cjs (next to main.cjs). */
export function openWorkerMirror(file: string, workerScript: string): MirrorApi {
  const worker = new Worker(workerScript, { workerData: { file } });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let failed: Error | undefined;
  const failAll = (error: Error): void => {
    failed = error;
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  };
  worker.on('message', (reply: Reply) => {
    const waiter = pending.get(reply.id);
    if (!waiter) return;
    pending.delete(reply.id);
    if (reply.error) waiter.reject(Object.assign(new Error(reply.error.message), { name: reply.error.name }));
    else waiter.resolve(reply.result);
  });
  worker.on('error', (error) => failAll(error));
  worker.on('exit', (code) => failAll(new Error(`The local copy's worker stopped (exit code ${code}).`)));
  // The worker must not keep a CLI or test process alive on its own.
  worker.unref();

  const call = <T>(method: MirrorMethod | 'close', ...args: unknown[]): Promise<T> => {
    if (failed) return Promise.reject(failed);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, method, args });
    });
  };
  return mirrorApiOver(call, async () => {
    if (failed) return;
    await call('close').catch(() => undefined);
    await worker.terminate();
  });
}
