// Command-line flags of `npm run sandbox`, parsed without a library so the errors can say exactly
// which flag is wrong.

import { MAX_CLIENT_COMPANIES } from './client-companies';

export interface CliOptions {
  port: number;
  latencyMs: [number, number] | undefined;
  transitMs: [number, number] | undefined;
  seed: string | undefined;
  json: boolean;
  /** Print the INVOICE_DESK_* export lines for a second terminal (the CLI's export and report). */
  env: boolean;
  controlRoutes: boolean;
  /** Client companies of an accounting firm's world (tenant ids from 8100001). */
  companies: number;
  /** The large demo company's customer invoices (supplier invoices 40 % of that); undefined: the default 50,000. */
  largeInvoices: number | undefined;
  help: boolean;
}

export const USAGE = `Usage: npm run sandbox -- [options]

  --port N            port on 127.0.0.1 (default: an ephemeral port)
  --latency MIN-MAX   milliseconds added before each response is sent (e.g. 20-80; or one number)
  --transit MIN-MAX   milliseconds by which each request's arrival, when the rate limiter counts
                      it, is delayed (network jitter)
  --seed S            seed of the demo data (default: invoice-desk)
  --companies N       an accounting firm's world: N client companies beside the demo companies
                      (tenant ids from 8100001, 50 to 8,000 invoices each, median about 800; a
                      few without a licence, a scope or their access; default 0, at most 2000)
  --large-invoices N  the large demo company's customer invoices (default 50000, at most 999999;
                      supplier invoices 40 % of that), its data made before the server listens
  --json              print one JSON line {authUrl, apiUrl, clientId, clientSecret, companies}
  --env               print the INVOICE_DESK_* export lines and the demo tenants, to paste into a
                      second terminal for npm run export / npm run report (use npm run -s)
  --control-routes    expose the control API under /sandbox/ (tests, harnesses)
  --help              this text
`;

export class CliError extends Error {}

function range(flag: string, text: string | undefined): [number, number] {
  const match = text === undefined ? null : /^(\d+)(?:-(\d+))?$/.exec(text);
  if (!match) throw new CliError(`${flag} expects MIN-MAX in milliseconds (e.g. 20-80), got ${text === undefined ? 'nothing' : `"${text}"`}`);
  const min = Number(match[1]);
  const max = match[2] === undefined ? min : Number(match[2]);
  if (max < min) throw new CliError(`${flag}: MAX must not be less than MIN, got "${text}"`);
  return [min, max];
}

/** A whole number from 0 to `max`, written in digits. */
function wholeNumber(flag: string, text: string | undefined, max: number): number {
  const number = text !== undefined && /^\d{1,6}$/.test(text) ? Number(text) : NaN;
  if (!(number >= 0 && number <= max)) throw new CliError(`${flag} expects a number 0-${max}, got ${text === undefined ? 'nothing' : `"${text}"`}`);
  return number;
}

export function parseCliArgs(argv: readonly string[]): CliOptions {
  const options: CliOptions = { port: 0, latencyMs: undefined, transitMs: undefined, seed: undefined, json: false, env: false, controlRoutes: false, companies: 0, largeInvoices: undefined, help: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    // Accept both "--flag value" and "--flag=value".
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const inline = eq > 0 ? arg.slice(eq + 1) : undefined;
    const value = (): string | undefined => {
      if (inline !== undefined) return inline;
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) return undefined;
      i += 1;
      return next;
    };
    switch (flag) {
      case '--port':
        options.port = wholeNumber('--port', value(), 65535);
        break;
      case '--latency':
        options.latencyMs = range('--latency', value());
        break;
      case '--transit':
        options.transitMs = range('--transit', value());
        break;
      case '--seed': {
        const text = value();
        if (text === undefined || text === '') throw new CliError('--seed expects a value');
        options.seed = text;
        break;
      }
      case '--companies':
        options.companies = wholeNumber('--companies', value(), MAX_CLIENT_COMPANIES);
        break;
      case '--large-invoices':
        options.largeInvoices = wholeNumber('--large-invoices', value(), 999_999);
        break;
      case '--json':
      case '--env':
      case '--control-routes':
      case '--help':
        if (inline !== undefined) throw new CliError(`${flag} takes no value`);
        if (flag === '--json') options.json = true;
        else if (flag === '--env') options.env = true;
        else if (flag === '--control-routes') options.controlRoutes = true;
        else options.help = true;
        break;
      default:
        throw new CliError(`unknown argument "${arg}"`);
    }
  }
  if (options.json && options.env) throw new CliError('--json and --env print different things: choose one');
  return options;
}
