import { useState } from 'react';
import type { ConnectProgress, IpcError } from '../../../electron/ipc/contract';
import { DeskError, desk, unwrap, useDeskEvent } from '../../api';

/** The browser connect flow as the renderer sees it: start, progress events, cancel. */
export function useConnectFlow(onDone: (companyId: string) => void) {
  const [progress, setProgress] = useState<ConnectProgress | null>(null);
  const [startError, setStartError] = useState<IpcError | null>(null);
  useDeskEvent('connect:progress', (event) => {
    setProgress((current) => {
      if (current && current.flowId !== event.flowId) return current;
      // Keep the URL from the first event so it stays available to copy.
      return { ...event, authorizationUrl: event.authorizationUrl ?? current?.authorizationUrl };
    });
    if (event.phase === 'done' && event.companyId) onDone(event.companyId);
  });
  return {
    progress,
    startError,
    busy: progress !== null && !['done', 'failed', 'cancelled'].includes(progress.phase),
    async start(options: { demo: boolean; reconnectCompanyId?: string; serviceAccount?: true }) {
      setStartError(null);
      try {
        const started = await unwrap(desk().connect.start(options));
        setProgress((current) =>
          current?.flowId === started.flowId ? current : { flowId: started.flowId, phase: 'waiting-for-browser', authorizationUrl: started.authorizationUrl },
        );
      } catch (error) {
        setStartError(error instanceof DeskError ? { kind: error.kind, message: error.message, ...(error.remedy ? { remedy: error.remedy } : {}) } : { kind: 'internal', message: String(error) });
      }
    },
    async cancel() {
      if (progress) await desk().connect.cancel(progress.flowId);
    },
    reset() {
      setProgress(null);
      setStartError(null);
    },
  };
}
