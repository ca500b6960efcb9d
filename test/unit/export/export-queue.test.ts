import { describe, expect, it } from 'vitest';
import { systemClock } from '../../../electron/kernel/clock';
import { ApiError } from '../../../electron/kernel/errors';
import { createExportQueue, type ExportJob, type ExportJobRequest } from '../../../electron/export/export-queue';
import type { ExportOptions, ExportResult } from '../../../electron/export/export-job';
import { exportResources } from '../../../electron/export/export-resources';
import { fakeSession } from './helpers';

interface Controlled {
  options: ExportOptions;
  resolve: (result: ExportResult) => void;
  reject: (error: unknown) => void;
}

function controlledRunner(): { run: (o: ExportOptions) => Promise<ExportResult>; calls: Controlled[] } {
  const calls: Controlled[] = [];
  return {
    calls,
    run: (options) =>
      new Promise<ExportResult>((resolve, reject) => {
        calls.push({ options, resolve, reject });
        options.signal?.addEventListener('abort', () => reject(new ApiError('cancelled')), { once: true });
      }),
  };
}

function request(target: string): ExportJobRequest {
  return { resource: exportResources.invoices, session: fakeSession([]), query: {}, pages: 'all', columns: [{ id: 'total', header: 'T' }], format: 'standard', target, clock: systemClock, today: '2026-01-01' };
}

const tick = (): Promise<void> => new Promise((r) => setImmediate(r));

describe('export queue', () => {
  it('runs one job at a time, FIFO, with an event per change', async () => {
    const runner = controlledRunner();
    const queue = createExportQueue({ run: runner.run });
    const events: Array<Pick<ExportJob, 'id' | 'state'>> = [];
    queue.onChange((job) => events.push({ id: job.id, state: job.state }));
    const a = queue.enqueue(request('/tmp/a.csv'));
    const b = queue.enqueue(request('/tmp/b.csv'));
    expect(a.id).not.toBe(b.id);
    expect(queue.get(a.id)?.state).toBe('running');
    expect(queue.get(b.id)?.state).toBe('queued');
    expect(runner.calls).toHaveLength(1);

    runner.calls[0]?.options.onProgress?.({ pagesDone: 1, pagesTotal: 2, rows: 10, waitingForRateLimit: false });
    expect(queue.get(a.id)?.progress).toMatchObject({ pagesDone: 1, rows: 10 });

    runner.calls[0]?.resolve({ rows: 20, pages: 2, target: '/tmp/a.csv' });
    await tick();
    expect(queue.get(a.id)).toMatchObject({ state: 'done', result: { rows: 20 } });
    expect(queue.get(b.id)?.state).toBe('running');
    expect(runner.calls).toHaveLength(2);

    runner.calls[1]?.reject(new ApiError('scope-missing'));
    const settled = await queue.settled(b.id);
    expect(settled).toMatchObject({ state: 'failed', error: { kind: 'scope-missing' } });
    expect(events).toEqual([
      { id: a.id, state: 'queued' },
      { id: a.id, state: 'running' },
      { id: b.id, state: 'queued' },
      { id: a.id, state: 'running' }, // progress
      { id: a.id, state: 'done' },
      { id: b.id, state: 'running' },
      { id: b.id, state: 'failed' },
    ]);
  });

  it('cancels a queued job without running it and a running one through its signal', async () => {
    const runner = controlledRunner();
    const queue = createExportQueue({ run: runner.run });
    const a = queue.enqueue(request('/tmp/a.csv'));
    const b = queue.enqueue(request('/tmp/b.csv'));
    const c = queue.enqueue(request('/tmp/c.csv'));
    expect(queue.cancel(b.id)).toBe(true);
    expect(queue.get(b.id)?.state).toBe('cancelled');
    expect(queue.cancel(a.id)).toBe(true);
    expect(await queue.settled(a.id)).toMatchObject({ state: 'cancelled' });
    await tick();
    expect(runner.calls.map((call) => call.options.target)).toEqual(['/tmp/a.csv', '/tmp/c.csv']);
    expect(queue.cancel(a.id)).toBe(false);
    expect(queue.cancel('nope')).toBe(false);
    queue.cancelAll();
    expect(await queue.settled(c.id)).toMatchObject({ state: 'cancelled' });
    expect(queue.list().map((j) => j.state)).toEqual(['cancelled', 'cancelled', 'cancelled']);
  });

  it('snapshots are plain data (no session, no signal) and copies', () => {
    const runner = controlledRunner();
    const queue = createExportQueue({ run: runner.run });
    const job = queue.enqueue({ ...request('/tmp/a.csv'), label: 'Acme: a.csv' });
    expect(job.label).toBe('Acme: a.csv');
    expect(JSON.parse(JSON.stringify(job))).toEqual(job);
    expect(Object.keys(job)).not.toContain('session');
  });

  it('retries a failed or cancelled job as a new job with the same request, not a running or done one', async () => {
    const runner = controlledRunner();
    const queue = createExportQueue({ run: runner.run });
    const a = queue.enqueue({ ...request('/tmp/a.csv'), companyId: 'c1' });
    expect(a.companyId).toBe('c1');
    expect(queue.retry(a.id)).toBeUndefined();
    runner.calls[0]?.reject(new ApiError('unavailable'));
    await queue.settled(a.id);
    const again = queue.retry(a.id);
    expect(again).toMatchObject({ state: 'running', retryOf: a.id, companyId: 'c1', target: '/tmp/a.csv' });
    expect(again?.id).not.toBe(a.id);
    expect(runner.calls[1]?.options.target).toBe('/tmp/a.csv');
    runner.calls[1]?.resolve({ rows: 1, pages: 1, target: '/tmp/a.csv' });
    await queue.settled(again?.id ?? '');
    expect(queue.retry(again?.id ?? '')).toBeUndefined();
    expect(queue.retry('nope')).toBeUndefined();
  });
});

describe('export queue retry', () => {
  it('runs a failed job again to the same file, with the changes given (a fresh session)', async () => {
    const runner = controlledRunner();
    const queue = createExportQueue({ run: runner.run });
    const first = queue.enqueue({ ...request('/tmp/r.csv'), companyId: 'c1' });
    runner.calls[0]?.reject(new ApiError('unavailable'));
    await queue.settled(first.id);
    expect(queue.retry('nope')).toBeUndefined();
    const freshSession = fakeSession([]);
    const again = queue.retry(first.id, { session: freshSession, today: '2026-02-02' });
    expect(again).toMatchObject({ retryOf: first.id, companyId: 'c1', target: '/tmp/r.csv', state: 'running' });
    expect(runner.calls[1]?.options.session).toBe(freshSession);
    expect(runner.calls[1]?.options.today).toBe('2026-02-02');
    expect(runner.calls[1]?.options.target).toBe('/tmp/r.csv');
  });
});
