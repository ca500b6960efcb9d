/** export:* — CSV exports: start (the save dialog picks the file), cancel, retry, list. */
import type { HandlersOf } from '../ipc/contract';
import type { ExportService } from './export-service';

export function exportHandlers(exports: ExportService): HandlersOf<'export'> {
  return {
    'export:start': (request) => exports.start(request),
    'export:cancel': async (jobId) => exports.cancel(jobId),
    'export:retry': (jobId) => exports.retry(jobId),
    'export:list': async () => exports.list(),
  };
}
