/**
 * Export progress: one bar per job (pages done of total, rows, time left, waiting for the rate
 * limit), Cancel while it runs, the error with Retry when it failed, and a quiet line when done.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ExportProgress, Language } from '../../../electron/ipc/contract';
import { DeskError, desk, unwrap } from '../../api';
import { useT } from '../../i18n/i18n';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { formatCount, formatDuration } from '../grid/format';
import { dismissJob, useExportJobs } from './queries';
import { progressShare } from './selection';

/** Every export job of this window; `companyId` limits it to one company's. */
export function ExportJobs({ language, companyId }: { language: Language; companyId?: string }) {
  const t = useT();
  const jobs = useExportJobs().filter((job) => companyId === undefined || job.companyId === companyId);
  if (jobs.length === 0) return null;
  return (
    <section className="export-jobs" aria-label={t('export.jobs')} data-testid="export-jobs">
      {jobs.map((job) => (
        <ExportJobRow key={job.jobId} job={job} language={language} />
      ))}
    </section>
  );
}

function ExportJobRow({ job, language }: { job: ExportProgress; language: Language }) {
  const t = useT();
  const client = useQueryClient();
  const [actionError, setActionError] = useState<Error | null>(null);
  const n = (value: number) => formatCount(value, language);
  const share = progressShare(job.pagesDone, job.pagesTotal);
  const active = job.state === 'queued' || job.state === 'running';

  const cancel = async () => {
    try {
      await unwrap(desk().export.cancel(job.jobId));
    } catch (error) {
      setActionError(error instanceof Error ? error : new Error(String(error)));
    }
  };
  // The main process runs the same job again, to the same file (no second save dialog).
  const retry = async () => {
    try {
      await unwrap(desk().export.retry(job.jobId));
      dismissJob(client, job.jobId);
    } catch (error) {
      setActionError(error instanceof Error ? error : new Error(String(error)));
    }
  };

  const details: string[] = [];
  if (job.state === 'queued') details.push(t('export.progress.queued'));
  if (job.state === 'running') {
    details.push(
      job.pagesTotal === null
        ? t('export.progress.pagesUnknown', { done: n(job.pagesDone) })
        : t('export.progress.pages', { done: n(job.pagesDone), total: n(job.pagesTotal) }),
    );
    details.push(t('export.progress.rows', { count: n(job.rows) }));
    if (job.secondsLeft !== null) details.push(t('export.progress.left', { time: formatDuration(job.secondsLeft) }));
    if (job.waitingForRateLimit) details.push(t('export.progress.waiting'));
  }

  return (
    <div className={`export-job export-${job.state}`} data-testid="export-job" data-state={job.state} data-job={job.jobId}>
      {active && (
        <>
          <div className="export-job-head">
            <span className="export-file">{t('export.progress.label', { file: job.fileName })}</span>
            <span className="muted num" aria-live="polite">
              {details.join(' · ')}
            </span>
            <button type="button" onClick={() => void cancel()} data-testid="export-cancel">
              {t('export.cancel')}
            </button>
          </div>
          <div
            className="progress"
            role="progressbar"
            aria-label={t('export.progress.label', { file: job.fileName })}
            aria-valuemin={0}
            aria-valuemax={job.pagesTotal ?? undefined}
            aria-valuenow={job.pagesTotal === null ? undefined : job.pagesDone}
            aria-valuetext={details.join(', ')}
          >
            <div className={`progress-fill${share === null ? ' indeterminate' : ''}${job.waitingForRateLimit ? ' waiting' : ''}`} style={share === null ? undefined : { width: `${share * 100}%` }} />
          </div>
        </>
      )}
      {job.state === 'done' && (
        <div className="export-job-head" role="status">
          <span>{t('export.progress.done', { file: job.fileName, count: n(job.rows) })}</span>
          <button type="button" className="link-button" onClick={() => dismissJob(client, job.jobId)}>
            {t('export.dismiss')}
          </button>
        </div>
      )}
      {job.state === 'cancelled' && (
        <div className="export-job-head" role="status">
          <span className="muted">{t('export.progress.cancelled')}</span>
          <button type="button" className="link-button" onClick={() => dismissJob(client, job.jobId)}>
            {t('export.dismiss')}
          </button>
        </div>
      )}
      {job.state === 'failed' && (
        <ErrorBanner
          error={job.error ? new DeskError(job.error) : new Error(t('export.progress.failed'))}
          action={
            <span className="banner-actions">
              <button type="button" onClick={() => void retry()} data-testid="export-retry">
                {t('export.retry')}
              </button>
              <button type="button" className="link-button" onClick={() => dismissJob(client, job.jobId)}>
                {t('export.dismiss')}
              </button>
            </span>
          }
        />
      )}
      {actionError && <ErrorBanner error={actionError} />}
    </div>
  );
}
