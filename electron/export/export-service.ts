/**
 * Exports as the app runs them: the request from the renderer (never a path), the file from the
 * save dialog port, pages through the company's own session at export priority, one job at a
 * time (later ones queue), progress forwarded as contract events.
 */
import path from 'node:path';
import type { Clock } from '../kernel/clock';
import { ApiError } from '../kernel/errors';
import { toUserError } from '../kernel/user-error';
import type { CompanySession } from '../companies/company-session';
import type { ExportProgress as ProgressEvent, ExportRequest, IpcError, Language } from '../ipc/contract';
import { createExportQueue, type ExportJob } from './export-queue';
import { resourceIds, type ResourceId } from '../common/resources';
import { serviceDate } from '../common/invoice-status';
import type { ExportSession, PageSelection } from './export-job';
import { exportResources, type ExportResource } from './export-resources';

export interface ExportServicePorts {
  clock: Clock;
  session(companyId: string): Promise<CompanySession>;
  /** The company's local copy as an export source of `resource`, when it has one that can answer it (else the service is read). */
  localSource?(companyId: string, session: CompanySession, today: string, resource: ResourceId): Promise<ExportSession | undefined>;
  companyName(companyId: string): string;
  language(): Promise<Language>;
  /** The save dialog; null when the user cancelled. */
  chooseFile(defaultName: string): Promise<string | null>;
  emit(progress: ProgressEvent): void;
  /** A failed job's error kind, for the company's status (a scope or licence error of another
   * resource than customer invoices is that resource's own: only a lost connection is reported). */
  reportError(companyId: string, kind: string): void;
  /** A failed job's full error (with the file's path, which the window is not sent). */
  log(message: string, error: unknown): void;
}

/** A file name that is valid on Windows, macOS and Linux. */
export function defaultExportName(companyName: string, today: string, language: Language, resource: ExportResource): string {
  const safe = companyName.replace(/[\\/:*?"<>|\u0000-\u001f]/g, ' ').replace(/\s+/g, ' ').trim() || 'Invoice Desk';
  return `${safe} ${resource.fileWord[language]} ${today}.csv`;
}

function selectionOf(request: ExportRequest): { pages: PageSelection; rowFilter?: { documentNumbers: string[] } } {
  const selection = request.selection;
  switch (selection.kind) {
    case 'all':
      return { pages: 'all' };
    case 'pages':
      return { pages: [...new Set(selection.pages)].sort((a, b) => a - b) };
    case 'range':
      return { pages: { from: selection.from, to: selection.to } };
    case 'rows':
      return { pages: [selection.page], rowFilter: { documentNumbers: selection.documentNumbers } };
  }
}

export function createExportService(ports: ExportServicePorts) {
  const queue = createExportQueue({ log: ports.log });
  /** The local copy when it can answer, else the company's session (pages from the service). */
  const sourceOf = async (companyId: string, today: string, resource: ResourceId): Promise<ExportSession> => {
    const session = await ports.session(companyId);
    return (await ports.localSource?.(companyId, session, today, resource)) ?? session;
  };

  const toEvent = (job: ExportJob): ProgressEvent => {
    const error: IpcError | undefined = job.error ? toUserError(job.error) : undefined;
    return {
      jobId: job.id,
      companyId: job.companyId ?? '',
      state: job.state,
      pagesDone: job.progress?.pagesDone ?? 0,
      pagesTotal: job.progress?.pagesTotal ?? null,
      rows: job.progress?.rows ?? 0,
      secondsLeft: job.progress?.secondsLeft ?? null,
      waitingForRateLimit: job.progress?.waitingForRateLimit ?? false,
      fileName: path.basename(job.target),
      ...(error ? { error } : {}),
    };
  };
  queue.onChange((job) => {
    ports.emit(toEvent(job));
    // An export that learns the company must reconnect (or, of its first list, lacks scope or
    // licence) says so in the company list too, as the grid does (CompanySessions.withSession).
    if (job.state === 'failed' && job.companyId && job.error && (job.resource === resourceIds[0] || job.error.kind === 'needs-reconnect')) {
      ports.reportError(job.companyId, job.error.kind);
    }
  });


  return {
    async start(request: ExportRequest): Promise<{ jobId: string } | null> {
      const language = await ports.language();
      const today = serviceDate(ports.clock.now());
      const resource: ExportResource = exportResources[request.resource];
      const session = await sourceOf(request.companyId, today, request.resource);
      const target = await ports.chooseFile(defaultExportName(ports.companyName(request.companyId), today, language, resource));
      if (target === null) return null;
      const headers: Readonly<Record<string, string>> = resource.headers[language];
      const job = queue.enqueue({
        companyId: request.companyId,
        resource,
        session,
        query: request.query,
        ...selectionOf(request),
        columns: request.columns.map((id: string) => ({ id, header: headers[id] ?? id })),
        format: request.format,
        target,
        clock: ports.clock,
        today,
        statusLabels: resource.statusLabels[language],
        label: `${ports.companyName(request.companyId)}: ${path.basename(target)}`,
      });
      return { jobId: job.id };
    },
    cancel(jobId: string): void {
      queue.cancel(jobId);
    },
    async retry(jobId: string): Promise<{ jobId: string }> {
      const previous = queue.get(jobId);
      const companyId = previous?.companyId;
      // The company's current session: the one the job ran on may have been replaced (reconnect).
      const today = serviceDate(ports.clock.now());
      const session = companyId && previous ? await sourceOf(companyId, today, previous.resource) : undefined;
      const job = queue.retry(jobId, { ...(session ? { session } : {}), today });
      if (!job) throw new ApiError('bad-request', { message: 'Only a failed or cancelled export can be retried.', remedy: 'Start a new export.' });
      return { jobId: job.id };
    },
    list: (): ProgressEvent[] => queue.list().map(toEvent),
    /** A disconnected company's jobs stop. */
    cancelCompany(companyId: string): void {
      for (const job of queue.list()) if (job.companyId === companyId) queue.cancel(job.id);
    },
    close: () => queue.cancelAll(),
  };
}
export type ExportService = ReturnType<typeof createExportService>;
