/**
 * The sandbox in a process of its own, so that the bench's own garbage collection and
 * event loop do not bunch the service's answers. Started as `npm run sandbox` starts it, with the
 * benchmark's latency and transit jitter and its control routes; stopped with SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface SandboxProcess {
  /** The process's id (its CPU time is in /proc/<pid>/stat). */
  pid: number | undefined;
  authUrl: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  companies: Array<{ tenantId: string; name: string; invoices: number; supplierInvoices: number; licensed: boolean; problem: string | null }>;
  /** GET or POST a control route (/sandbox/...), its JSON answer. */
  control<T>(method: 'GET' | 'POST' | 'PUT', route: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
}

export async function startSandboxProcess(args: string[]): Promise<SandboxProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'electron/sandbox/cli.ts', '--json', '--control-routes', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const info = await new Promise<Omit<SandboxProcess, 'control' | 'close'>>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the sandbox process ended (exit ${String(code)}) before it listened`)));
    lines.once('line', (line) => resolve(JSON.parse(line) as Omit<SandboxProcess, 'control' | 'close'>));
  });
  const origin = new URL(info.apiUrl).origin;
  return {
    ...info,
    pid: child.pid,
    async control<T>(method: 'GET' | 'POST' | 'PUT', route: string, body?: unknown): Promise<T> {
      const response = await fetch(`${origin}/sandbox/${route}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }) });
      if (!response.ok) throw new Error(`control ${method} ${route}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
