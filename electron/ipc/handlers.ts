/**
 * ipcMain handlers: for every invoke channel of the contract, check the sender, parse the
 * arguments with the contract's schema, call the service, and map errors to the contract's
 * error shape. Every channel goes through this one function; there is no other ipcMain.handle.
 */
import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { invokeChannelNames } from '../common/channels';
import type { Result } from '../common/errors';
import type { Handlers } from './contract';
import { toIpcError } from './errors';
import { invokeSchemas } from './schemas';
import { isTrustedSender, type TrustPolicy } from './sender';

function senderFacts(event: IpcMainInvokeEvent) {
  const frame = event.senderFrame;
  return {
    webContentsId: event.sender.id,
    frameUrl: frame?.url,
    isMainFrame: frame !== null && frame !== undefined && frame === event.sender.mainFrame,
  };
}

export function registerHandlers(
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>,
  handlers: Handlers,
  policy: TrustPolicy,
  log: (message: string, error: unknown) => void,
): () => void {
  const channels = invokeChannelNames();
  for (const channel of channels) {
    ipcMain.handle(channel, async (event, ...rawArgs: unknown[]): Promise<Result<unknown>> => {
      if (!isTrustedSender(senderFacts(event), policy)) {
        log(`Refused IPC on ${channel} from an untrusted sender`, undefined);
        return { ok: false, error: { kind: 'forbidden', message: 'This window may not call Invoice Desk.' } };
      }
      const parsed = invokeSchemas[channel].safeParse(rawArgs);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue && issue.path.length > 0 ? ` (argument ${issue.path.join('.')})` : '';
        return {
          ok: false,
          error: { kind: 'invalid-input', message: `Invalid arguments for ${channel}${where}: ${issue?.message ?? 'rejected'}` },
        };
      }
      try {
        const handler = handlers[channel] as (...args: unknown[]) => Promise<unknown>;
        return { ok: true, value: await handler(...(parsed.data as unknown[])) };
      } catch (error) {
        return { ok: false, error: toIpcError(error, log) };
      }
    });
  }
  return () => {
    for (const channel of channels) ipcMain.removeHandler(channel);
  };
}
