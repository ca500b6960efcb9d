import type { ExportProgress } from '../export/export-job';

/**
 * Progress of the CLI on stderr. On a terminal: one line redrawn in place (a bar, pages, rows, time
 * left, "waiting for the rate limit"). Otherwise (cron, a log file): plain lines, one at each tenth
 * of the pages, when the rate-limit wait starts or ends, and at least every 15 s, so a log shows the
 * export moving without a line per page.
 */

export interface ProgressOutput {
  write(text: string): unknown;
  readonly isTTY?: boolean;
  readonly columns?: number;
}

export interface ProgressReporter {
  update(progress: CliProgress): void;
  /** Ends the redrawn line (before any other message). */
  finish(): void;
}

const BAR_WIDTH = 24;

/** "1 page", "2 pages". */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * What is counted: an export's pages of the view and rows written, or a local copy's sync, whose
 * steps are requests of 500 invoices (not the view's pages, which may be of any size).
 */
export type ProgressUnit = 'pages' | 'requests';

export interface CliProgress extends ExportProgress {
  unit?: ProgressUnit;
}

function describe(p: CliProgress): string {
  const total = p.pagesTotal === null ? '?' : String(p.pagesTotal);
  const sync = p.unit === 'requests';
  const step = sync ? 'request' : 'page';
  const parts = [`${sync ? 'sync ' : ''}${p.pagesDone}/${total} ${p.pagesTotal === 1 ? step : `${step}s`}`, counted(p.rows, sync ? 'invoice' : 'row')];
  if (p.secondsLeft !== undefined && p.pagesTotal !== null && p.pagesDone < p.pagesTotal) parts.push(`about ${formatSeconds(p.secondsLeft)} left`);
  if (p.waitingForRateLimit) parts.push('waiting for the rate limit');
  return parts.join(', ');
}

export function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds % 60);
  return s === 0 ? `${m} min` : `${m} min ${s} s`;
}

export function bar(done: number, total: number | null, width = BAR_WIDTH): string {
  if (total === null || total <= 0) return `[${' '.repeat(width)}]`;
  const filled = Math.min(width, Math.round((done / total) * width));
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
}

/** `label` starts each plain line: the command's name ("export", "report"). */
export function createProgressReporter(out: ProgressOutput, now: () => number = Date.now, label = 'export'): ProgressReporter {
  const tty = out.isTTY === true;
  let drawn = false;
  let lastLineAt = Number.NEGATIVE_INFINITY;
  let lastStep = -1;
  let lastWaiting = false;

  return {
    update(p) {
      if (tty) {
        const width = Math.max(20, (out.columns || 80) - 1);
        // A narrow terminal gets the words without the bar.
        const line = width >= 60 ? `${bar(p.pagesDone, p.pagesTotal)} ${describe(p)}` : describe(p);
        out.write(`\r${line.slice(0, width)}\u001b[K`);
        drawn = true;
        return;
      }
      const step = p.pagesTotal ? Math.floor((p.pagesDone / p.pagesTotal) * 10) : 0;
      const t = now();
      const due = step !== lastStep || p.waitingForRateLimit !== lastWaiting || t - lastLineAt >= 15_000;
      if (!due) return;
      // Nothing before the first page (unless it waits): a failure to start is then one line.
      if (p.pagesDone === 0 && !p.waitingForRateLimit) return;
      lastStep = step;
      lastWaiting = p.waitingForRateLimit;
      lastLineAt = t;
      out.write(`${label}: ${describe(p)}\n`);
    },
    finish() {
      if (tty && drawn) out.write('\r\u001b[K');
      drawn = false;
    },
  };
}
