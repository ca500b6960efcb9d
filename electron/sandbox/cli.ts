// `npm run sandbox -- [--port N] [--latency MIN-MAX] [--transit MIN-MAX] [--seed S] [--json | --env]`:
// runs the sandbox until SIGINT/SIGTERM. With --json, stdout carries exactly one JSON line (the
// URLs, credentials and companies) once the server listens, for scripts and test harnesses;
// note that `npm run` itself prints a banner first unless run with `npm run -s`.

import { monitorEventLoopDelay } from 'node:perf_hooks';
import { CliError, parseCliArgs, USAGE, type CliOptions } from './cli-args';
import { envLines } from './cli-env';
import { startSandbox } from './index';

async function main(): Promise<void> {
  let options: CliOptions;
  try {
    options = parseCliArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    process.stderr.write(`sandbox: ${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (options.help) {
    process.stdout.write(USAGE);
    return;
  }

  const sandbox = await startSandbox({
    port: options.port,
    latencyMs: options.latencyMs,
    transitMs: options.transitMs,
    seed: options.seed,
    controlRoutes: options.controlRoutes,
    clientCompanies: options.companies,
    ...(options.largeInvoices === undefined ? {} : { largeInvoiceCount: options.largeInvoices }),
  });
  // A large company's lists made and ordered now, not while its first reads are timed (a bench).
  if (options.largeInvoices !== undefined) {
    const large = sandbox.companies.find((company) => company.key === 'large');
    if (large) sandbox.control.prepare(large.tenantId);
  }

  // The service's own stalls while it serves (its garbage collection at 500,000 invoices): an
  // arrival it counts late can make a 429 that no real network would. With --control-routes (a
  // harness, a bench) they are reported on stderr when it stops, so a bench can tell.
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    loop.disable();
    if (options.controlRoutes) process.stderr.write(`sandbox: its event loop while serving: p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, longest ${(loop.max / 1e6).toFixed(0)} ms\n`);
    if (!options.json && !options.env) process.stdout.write(`\nsandbox: ${signal}, stopping\n`);
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`sandbox: failed to stop cleanly: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  // Listening before anything is printed: a script that stops the sandbox as soon as it reads
  // "Ctrl+C" must find the handler there (without it a signal kills the process at once).
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  const companies = sandbox.companies.map((company) => ({
    tenantId: company.tenantId,
    name: company.name,
    invoices: company.invoices,
    supplierInvoices: company.supplierInvoices,
    licensed: company.licensed,
    problem: company.problem,
  }));
  const demoCount = sandbox.companies.filter((company) => company.key !== 'client').length;
  const demo = companies.slice(0, demoCount);
  const clients = companies.slice(demoCount);
  if (options.env) {
    process.stdout.write(envLines({ authUrl: sandbox.authUrl, apiUrl: sandbox.apiUrl, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret, companies }));
  } else if (options.json) {
    process.stdout.write(
      `${JSON.stringify({ authUrl: sandbox.authUrl, apiUrl: sandbox.apiUrl, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret, companies })}\n`,
    );
  } else {
    const lines = [
      'Invoice Desk sandbox (the built-in accounting service) is running.',
      '',
      `  auth URL       ${sandbox.authUrl}      (token endpoint: ${sandbox.authUrl}/oauth-v1/token)`,
      `  API URL        ${sandbox.apiUrl}       (invoices: ${sandbox.apiUrl}/3/invoices)`,
      `  client id      ${sandbox.clientId}`,
      `  client secret  ${sandbox.clientSecret}`,
      '',
      '  Companies:',
      ...demo.map(
        (company) =>
          `    ${company.tenantId}  ${company.name.padEnd(26)} ${String(company.invoices).padStart(6)} invoices ${String(company.supplierInvoices).padStart(6)} supplier invoices  ${company.licensed ? 'licensed' : 'NO LICENCE'}`,
      ),
      ...clientLines(clients),
      '',
      options.controlRoutes ? `  Control API under http://127.0.0.1:${new URL(sandbox.apiUrl).port}/sandbox/` : '',
      'Press Ctrl+C to stop.',
      '',
    ];
    process.stdout.write(lines.filter((line, i) => line !== '' || lines[i - 1] !== '').join('\n'));
  }

}

/** A firm's clients in two lines, and each one with a problem on its own. */
function clientLines(clients: ReadonlyArray<{ tenantId: string; name: string; invoices: number; supplierInvoices: number; problem: string | null }>): string[] {
  if (clients.length === 0) return [];
  const invoices = clients.reduce((sum, client) => sum + client.invoices, 0);
  const supplierInvoices = clients.reduce((sum, client) => sum + client.supplierInvoices, 0);
  return [
    '',
    `  Client companies: ${clients.length}, tenants ${clients[0]?.tenantId ?? ''} to ${clients[clients.length - 1]?.tenantId ?? ''}, ${invoices} invoices, ${supplierInvoices} supplier invoices`,
    ...clients.filter((client) => client.problem !== null).map((client) => `    ${client.tenantId}  ${client.name.padEnd(40)} ${client.problem ?? ''}`),
  ];
}

main().catch((error: unknown) => {
  process.stderr.write(`sandbox: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
