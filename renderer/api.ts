/**
 * Typed access to window.invoiceDesk (the preload's bridge) and the react-query hooks over it.
 * The renderer imports only types from the IPC contract: no runtime code from electron/.
 */
import { useQuery } from '@tanstack/react-query';
import type { AppInfo, InvoiceDeskApi, IpcError, Result } from '../electron/ipc/contract';

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
  constructor(error: IpcError) {
    super(error.message);
    this.name = 'DeskError';
    this.kind = error.kind;
    this.remedy = error.remedy;
    this.serviceMessage = error.serviceMessage;
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
};

export function useAppInfo() {
  return useQuery<AppInfo, DeskError>({
    queryKey: queryKeys.appInfo,
    queryFn: () => unwrap(desk().app.getInfo()),
    staleTime: Infinity,
  });
}
