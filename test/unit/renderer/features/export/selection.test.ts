/** The export menu's selection of the current view, and the job list. */
import { describe, expect, it } from 'vitest';
import { buildSelection, progressShare, togglePage } from '../../../../../renderer/features/export/selection';
import { upsertJob } from '../../../../../renderer/features/export/queries';

describe('export selection', () => {
  const base = { selectedPages: new Set([5, 2, 99]), rangeText: '2–7', totalPages: 10, page: 3, selectedRows: ['17', '19'] };

  it('builds each kind of selection of the current view', () => {
    expect(buildSelection({ ...base, choice: 'all' })).toEqual({ selection: { kind: 'all' } });
    expect(buildSelection({ ...base, choice: 'pages' })).toEqual({ selection: { kind: 'pages', pages: [2, 5] } });
    expect(buildSelection({ ...base, choice: 'range' })).toEqual({ selection: { kind: 'range', from: 2, to: 7 } });
    expect(buildSelection({ ...base, choice: 'rows' })).toEqual({ selection: { kind: 'rows', page: 3, documentNumbers: ['17', '19'] } });
  });

  it('explains what is missing instead of sending an empty selection', () => {
    expect(buildSelection({ ...base, choice: 'pages', selectedPages: new Set() })).toEqual({ problem: 'no-pages' });
    expect(buildSelection({ ...base, choice: 'rows', selectedRows: [] })).toEqual({ problem: 'no-rows' });
    expect(buildSelection({ ...base, choice: 'range', rangeText: '8-12' })).toEqual({ problem: 'range-bounds' });
    expect(buildSelection({ ...base, choice: 'range', rangeText: 'x' })).toEqual({ problem: 'range-format' });
    expect(buildSelection({ ...base, choice: 'all', totalPages: 0 })).toEqual({ problem: 'empty' });
  });

  it('toggles marked pages and computes the progress share', () => {
    const pages = togglePage(new Set([1]), 3);
    expect([...pages]).toEqual([1, 3]);
    expect([...togglePage(pages, 1)]).toEqual([3]);
    expect(progressShare(5, 20)).toBe(0.25);
    expect(progressShare(5, null)).toBeNull();
    expect(progressShare(0, 0)).toBe(1);
  });

  it('keeps one entry per job, in the order jobs appeared', () => {
    const job = (jobId: string, pagesDone: number) => ({ jobId, companyId: 'c', state: 'running' as const, pagesDone, pagesTotal: 10, rows: 0, secondsLeft: null, waitingForRateLimit: false, fileName: 'x.csv' });
    const jobs = upsertJob(upsertJob(upsertJob([], job('a', 1)), job('b', 1)), job('a', 2));
    expect(jobs.map((j) => [j.jobId, j.pagesDone])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
  });
});
