/**
 * The company registry against sandboxes over HTTP: the user's browser is played by a port that
 * approves through the sandbox's control (carrying the PKCE challenge from the authorization URL,
 * as the consent page would) and calls the loopback redirect. Every request the app sends is
 * recorded, so a test can show where tokens and secrets went.
 */
import { systemClock } from '../../../electron/kernel/clock';
import { createMemoryVault } from '../../../electron/auth/secret-vault';
import { createCompanyRegistry, type RegistryOptions } from '../../../electron/companies/company-registry';
import type { EventPayloads } from '../../../electron/ipc/contract';
import type { Sandbox } from '../../../electron/sandbox';
import type { KeyValueStore } from '../../../electron/kernel/key-value-store';
import type { ServiceConfig } from '../../../electron/settings/settings-service';

export function memoryStore(): KeyValueStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return { data, get: (k) => structuredClone(data.get(k)), set: (k, v) => void data.set(k, structuredClone(v)), delete: (k) => void data.delete(k) };
}

export function configOf(sandbox: Sandbox): ServiceConfig {
  return { authUrl: sandbox.authUrl, apiUrl: sandbox.apiUrl, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret, redirectPort: null, scopes: ['invoice', 'companyinformation'] };
}

export function basicOf(clientId: string, secret: string): string {
  return `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
}

/** The status the sandbox's token endpoint gives a refresh with this token (200: still alive). */
export async function refreshStatus(sandbox: Sandbox, token: string): Promise<number> {
  const response = await fetch(`${sandbox.authUrl}/oauth-v1/token`, {
    method: 'POST',
    headers: { Authorization: basicOf(sandbox.clientId, sandbox.clientSecret), 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token }),
  });
  return response.status;
}

export interface SentRequest {
  url: string;
  authorization: string | undefined;
  body: string;
}

export interface SetupOptions {
  /** The tenant the user picks on the consent page. */
  tenantOf: () => string;
  /** The code_challenge the "browser" passes on (default: the one in the authorization URL). */
  challengeOf?: (authorizationUrl: URL) => string | undefined;
  /** Overrides of the registry's ports. */
  registry?: Partial<RegistryOptions>;
}

export function setupRegistry(service: { current: ServiceConfig }, sandboxes: readonly Sandbox[], options: SetupOptions) {
  const store = memoryStore();
  const held = new Map<string, string>();
  const inner = createMemoryVault();
  /** In order: `stored:<refresh token>` (vault writes), `issued:<refresh token>` (code exchanges),
   * `revoke:<refresh token>@<auth origin>` (revoke requests as sent). */
  const timeline: string[] = [];
  const vault = {
    held,
    get: inner.get,
    set: async (key: string, value: string) => {
      held.set(key, value);
      timeline.push(`stored:${value}`);
      await inner.set(key, value);
    },
    delete: async (key: string) => {
      held.delete(key);
      await inner.delete(key);
    },
  };
  const events: Array<{ channel: keyof EventPayloads; payload: unknown }> = [];
  const logs: Array<{ message: string; error?: unknown }> = [];
  const sent: SentRequest[] = [];
  const opened: string[] = [];
  const registry = createCompanyRegistry({
    store,
    vault,
    clock: systemClock,
    resolveService: async () => service.current,
    fetch: async (input, init) => {
      const headers = new Headers(init.headers);
      const body = typeof init.body === 'string' ? init.body : '';
      sent.push({ url: input, authorization: headers.get('authorization') ?? undefined, body });
      const form = new URLSearchParams(body);
      if (input.endsWith('/oauth-v1/revoke')) timeline.push(`revoke:${form.get('token')}@${new URL(input).origin}`);
      const response = await fetch(input, init);
      if (form.get('grant_type') === 'authorization_code' && response.ok) {
        const issued = ((await response.clone().json()) as { refresh_token?: string }).refresh_token;
        timeline.push(`issued:${issued}`);
      }
      return response;
    },
    openExternal: async (url) => {
      opened.push(url);
      const auth = new URL(url);
      const redirectUri = auth.searchParams.get('redirect_uri')!;
      const sandbox = sandboxes.find((s) => new URL(s.authUrl).origin === auth.origin)!;
      const codeChallenge = options.challengeOf ? options.challengeOf(auth) : (auth.searchParams.get('code_challenge') ?? undefined);
      const code = sandbox.control.authorize({
        tenantId: options.tenantOf(),
        scopes: auth.searchParams.get('scope')!.split(' '),
        redirectUri,
        ...(codeChallenge ? { codeChallenge } : {}),
      });
      await fetch(`${redirectUri}?code=${code}&state=${auth.searchParams.get('state')}`);
    },
    emit: (channel, payload) => events.push({ channel, payload }),
    log: (message, error) => logs.push({ message, error }),
    ...options.registry,
  });
  /** Resolves with the company id when the newest flow is done; rejects when it failed. */
  const done = () =>
    new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const last = events.filter((e) => e.channel === 'connect:progress').at(-1)?.payload as EventPayloads['connect:progress'] | undefined;
        if (last?.phase !== 'done' && last?.phase !== 'failed') return;
        clearInterval(timer);
        if (last.phase === 'done') resolve(last.companyId!);
        else reject(Object.assign(new Error(last.error?.message), { kind: last.error?.kind }));
      }, 20);
    });
  return { store, vault, registry, events, logs, sent, opened, timeline, done };
}
