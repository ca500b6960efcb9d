/**
 * Demo mode: the built-in sandbox, started inside the main process on 127.0.0.1 the first time the
 * user tries the demo company, and reached through the same real OAuth flow in the system browser.
 */
import { startSandbox, type Sandbox } from '../sandbox';
import type { ServiceConfig } from '../settings/settings-service';
import { requestedScopes } from '../auth/scopes';

/** `scopes`: what a demo connection asks for (the same as a configured service's: settings.plain().scopes). */
export function createDemoService(options: { port?: number; persistFile?: string; scopes?: () => string[] } = {}) {
  let running: Promise<Sandbox> | undefined;
  // The demo service keeps its refresh tokens in the app's data folder, so demo companies stay
  // connected across restarts like real ones (its URLs change; companies resolve them at start).
  const sandbox = (): Promise<Sandbox> => {
    running ??= startSandbox({ port: options.port ?? 0, ...(options.persistFile ? { persistFile: options.persistFile } : {}) });
    // A failed start is not cached: the next "Try the demo company" tries again.
    running.catch(() => {
      running = undefined;
    });
    return running;
  };
  return {
    async config(): Promise<ServiceConfig> {
      const s = await sandbox();
      return {
        authUrl: s.authUrl,
        apiUrl: s.apiUrl,
        clientId: s.clientId,
        clientSecret: s.clientSecret,
        redirectPort: null,
        scopes: options.scopes?.() ?? requestedScopes(true),
      };
    },
    /** The demo service's origin, when it runs (the browser opener allows it). */
    async origin(): Promise<string | undefined> {
      const current = await running?.catch(() => undefined);
      return current ? new URL(current.authUrl).origin : undefined;
    },
    async close(): Promise<void> {
      const current = await running?.catch(() => undefined);
      await current?.close();
    },
  };
}
