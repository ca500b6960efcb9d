/**
 * Export jobs as the renderer sees them: the main process's list, kept current by export:progress
 * events, plus the jobs the user dismissed. Kept in the react-query
 * cache so a job's progress survives the grid unmounting (switching companies mid-export).
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ResourceId } from '../../../electron/common/resources';
import type { ExportProgress, ExportRequest } from '../../../electron/ipc/contract';
import { desk, unwrap, type DeskError } from '../../api';

export const exportKeys = {
  jobs: ['exports', 'jobs'] as const,
  dismissed: ['exports', 'dismissed'] as const,
};

/** Replaces the job's entry (or appends a new job), keeping the order jobs were first seen in. */
export function upsertJob(jobs: readonly ExportProgress[], update: ExportProgress): ExportProgress[] {
  const at = jobs.findIndex((job) => job.jobId === update.jobId);
  if (at < 0) return [...jobs, update];
  const next = [...jobs];
  next[at] = update;
  return next;
}

const listening = new WeakSet<QueryClient>();

function listen(client: QueryClient): void {
  if (listening.has(client)) return;
  listening.add(client);
  // For the life of the window: progress of a running export must not be lost when the grid
  // that started it unmounts.
  desk().events.on('export:progress', (progress) => {
    client.setQueryData<ExportProgress[]>(exportKeys.jobs, (old) => upsertJob(old ?? [], progress));
  });
}

export function useExportJobs() {
  const client = useQueryClient();
  useEffect(() => listen(client), [client]);
  const jobs = useQuery<ExportProgress[], DeskError>({
    queryKey: exportKeys.jobs,
    queryFn: async () => {
      const listed = await unwrap(desk().export.list());
      // Events that arrived while the list was on its way are newer than the list.
      const seen = client.getQueryData<ExportProgress[]>(exportKeys.jobs) ?? [];
      return seen.reduce(upsertJob, listed);
    },
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const dismissed = useQuery<string[]>({ queryKey: exportKeys.dismissed, queryFn: () => [], staleTime: Infinity, gcTime: Infinity });
  const hidden = new Set(dismissed.data ?? []);
  return (jobs.data ?? []).filter((job) => !hidden.has(job.jobId));
}

/**
 * What the export menu asks for: an ExportRequest of the resource it names. Its query and columns
 * are the resource's own, checked again by export:start's schema.
 */
export type AnyExportRequest = Omit<ExportRequest, 'query' | 'columns'> & { resource: ResourceId; query: object; columns: string[] };

/** Starts an export; null when the user cancelled the save dialog. */
export async function startExport(client: QueryClient, request: AnyExportRequest): Promise<string | null> {
  listen(client);
  // The menu builds the request from the grid's resource description (its query and column ids as
  // plain values); export:start's schema checks them against that resource's own lists.
  const started = await unwrap(desk().export.start(request as ExportRequest));
  return started?.jobId ?? null;
}

export function dismissJob(client: QueryClient, jobId: string): void {
  client.setQueryData<string[]>(exportKeys.dismissed, (old) => [...(old ?? []), jobId]);
}
