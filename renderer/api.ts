/**
 * Typed access to window.invoiceDesk (the preload's bridge) and the react-query hooks over it.
 * The renderer imports only types from the IPC contract: no runtime code from electron/.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type {
  ActiveCompany,
  AppInfo,
  CompanyList,
  EventChannel,
  EventPayloads,
  InvoiceDeskApi,
  IpcError,
  Result,
  SettingsView,
} from '../electron/ipc/contract';

declare global {
  interface Window {
    invoiceDesk?: InvoiceDeskApi;
  }
}

/** An IPC failure as an Error the UI can throw into react-query and show with its remedy. */
export class DeskError extends Error {
  readonly kind: IpcError['kind'];
  readonly remedy: string | undefined;
  readonly serviceMessage: string | undefined;
  readonly reason: IpcError['reason'];
  constructor(error: IpcError) {
    super(error.message);
    this.name = 'DeskError';
    this.kind = error.kind;
    this.remedy = error.remedy;
    this.serviceMessage = error.serviceMessage;
    this.reason = error.reason;
  }
}

export function desk(): InvoiceDeskApi {
  const api = window.invoiceDesk;
  if (!api) throw new Error('window.invoiceDesk is missing: the preload did not run.');
  return api;
}

export async function unwrap<T>(result: Promise<Result<T>>): Promise<T> {
  const settled = await result;
  if (settled.ok) return settled.value;
  throw new DeskError(settled.error);
}

export const queryKeys = {
  appInfo: ['app', 'info'] as const,
  settings: ['settings'] as const,
  companies: ['companies'] as const,
};

/** Subscribes to a main-process event for the component's lifetime (the latest listener is called). */
export function useDeskEvent<E extends EventChannel>(channel: E, listener: (payload: EventPayloads[E]) => void): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => desk().events.on(channel, (payload) => latest.current(payload)), [channel]);
}

export function useAppInfo() {
  return useQuery<AppInfo, DeskError>({
    queryKey: queryKeys.appInfo,
    queryFn: () => unwrap(desk().app.getInfo()),
    staleTime: Infinity,
  });
}

export function useSettings() {
  return useQuery<SettingsView, DeskError>({
    queryKey: queryKeys.settings,
    queryFn: () => unwrap(desk().settings.get()),
    staleTime: Infinity,
  });
}

export function useUpdateSettings() {
  const client = useQueryClient();
  return useMutation<SettingsView, DeskError, Parameters<InvoiceDeskApi['settings']['update']>[0]>({
    mutationFn: (update) => unwrap(desk().settings.update(update)),
    onSuccess: (view) => client.setQueryData(queryKeys.settings, view),
  });
}

/** The companies, kept current by the main process's 'companies:changed' and 'companies:active' events. */
export function useCompanies() {
  const client = useQueryClient();
  useDeskEvent('companies:changed', (list) => client.setQueryData(queryKeys.companies, list));
  // Another company chosen, here or in the main process; while a click's own choice is on its way,
  // its answer decides (an earlier click's event would show that company for a moment).
  useDeskEvent('companies:active', ({ activeId }) => {
    if (client.isMutating({ mutationKey: setActiveKey }) === 0) showActive(client, activeId);
  });
  return useQuery<CompanyList, DeskError>({
    queryKey: queryKeys.companies,
    queryFn: () => unwrap(desk().companies.list()),
    staleTime: Infinity,
  });
}

/** A call that answers with the company list (plus, for some, more: see `onDone`). `onDone` runs
 * even when the calling component has unmounted meanwhile (a disconnect removes its header). */
export function useCompanyAction<A extends unknown[], R extends CompanyList = CompanyList>(action: (...args: A) => Promise<Result<R>>, onDone?: (result: R) => void) {
  const client = useQueryClient();
  return useMutation<R, DeskError, A>({
    mutationFn: (args) => unwrap(action(...args)),
    onSuccess: (result) => {
      client.setQueryData<CompanyList>(queryKeys.companies, { companies: result.companies, activeId: result.activeId });
      onDone?.(result);
    },
  });
}

const setActiveKey = ['companies', 'setActive'] as const;

/** The active company into the cached list (the list itself is unchanged: only the id travels). */
function showActive(client: QueryClient, activeId: string | null): void {
  const list = client.getQueryData<CompanyList>(queryKeys.companies);
  if (!list || list.activeId === activeId) return;
  if (activeId !== null && !list.companies.some((c) => c.id === activeId)) return;
  client.setQueryData<CompanyList>(queryKeys.companies, { ...list, activeId });
}

/**
 * Makes a company the active one. The window shows it at once; the answer (its id alone) confirms
 * it, the last click's answer when several are on their way, and a refusal puts back what the
 * main process says.
 */
export function useSetActiveCompany() {
  const client = useQueryClient();
  return useMutation<ActiveCompany, DeskError, [string]>({
    mutationKey: setActiveKey,
    mutationFn: ([id]) => unwrap(desk().companies.setActive(id)),
    onMutate: ([id]) => showActive(client, id),
    // This mutation still counts while its own callbacks run.
    onSuccess: (result) => {
      if (client.isMutating({ mutationKey: setActiveKey }) <= 1) showActive(client, result.activeId);
    },
    onError: () => void client.invalidateQueries({ queryKey: queryKeys.companies }),
  });
}
