// The CLI's argument parsing (electron/cli/args.ts, export-args.ts, export-query-args.ts) and progress lines (electron/cli/progress.ts):
// pure functions, tested without a process.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../electron/cli/args';
import { parseExportArgs, USAGE } from '../../../electron/cli/export-args';
import { parsePages } from '../../../electron/cli/export-query-args';
import { bar, createProgressReporter, formatSeconds } from '../../../electron/cli/progress';

const ENV = {
  INVOICE_DESK_CLIENT_ID: 'id',
  INVOICE_DESK_CLIENT_SECRET: 'secret',
  INVOICE_DESK_AUTH_URL: 'https://auth.example/',
  INVOICE_DESK_API_URL: 'https://api.example',
};

function plan(args: string[], env: NodeJS.ProcessEnv = ENV, cwd = '/work') {
  const parsed = parseExportArgs(['--tenant', '123', '--out', 'x.csv', ...args], env, cwd);
  if (parsed.help) throw new Error('help');
  return parsed.plan;
}

function usageError(fn: () => unknown): UsageError {
  try {
    fn();
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
  throw new Error('no error');
}

describe('parseExportArgs', () => {
  it('defaults: customer invoices, all pages, limit 500, standard, English; URLs without a trailing slash', () => {
    expect(plan([])).toEqual({
      tenantId: '123',
      resource: 'invoices',
      out: path.resolve('/work', 'x.csv'),
      pages: 'all',
      query: { limit: 500 },
      format: 'standard',
      lang: 'en',
      clientId: 'id',
      clientSecret: 'secret',
      authUrl: 'https://auth.example',
      apiUrl: 'https://api.example',
    });
  });

  it('takes every query option through the app validation', () => {
    const p = plan(['--limit', '100', '--filter', 'unpaid', '--sortby', 'total', '--sortorder', 'descending', '--search', 'customername=Berg, AB', '--lastmodified', '2024-05-01 13:45', '--format', 'excel-sv', '--lang', 'sv']);
    expect(p.query).toEqual({ limit: 100, filter: 'unpaid', sortby: 'total', sortorder: 'descending', search: { field: 'customername', value: 'Berg, AB' }, lastmodified: '2024-05-01 13:45:00' });
    expect(p.format).toBe('excel-sv');
    expect(p.lang).toBe('sv');
  });

  it('--from and --to go with --filter and --search in one query (global parameters)', () => {
    const p = plan(['--from', '2024-01-01', '--to', '2024-12-31', '--filter', 'fullypaid', '--search', 'customername=Berg']);
    expect(p.query).toEqual({ limit: 500, filter: 'fullypaid', fromdate: '2024-01-01', todate: '2024-12-31', search: { field: 'customername', value: 'Berg' } });
    expect(plan(['--to', '2024-02-29']).query).toEqual({ limit: 500, todate: '2024-02-29' });
    expect(plan(['--from', '2024-03-01', '--to', '2024-03-01']).query).toMatchObject({ fromdate: '2024-03-01', todate: '2024-03-01' });
  });

  it('a bad date, --from after --to, two searches or a date as a search: a clear usage error', () => {
    expect(usageError(() => plan(['--from', '2024-02-30'])).message).toBe('invalid --from: must be a real date written YYYY-MM-DD, like 2024-05-01 (got "2024-02-30")');
    expect(usageError(() => plan(['--to', '31/12/2024'])).message).toMatch(/^invalid --to: .*YYYY-MM-DD.*\(got "31\/12\/2024"\)$/);
    expect(usageError(() => plan(['--from', '2024-02-01', '--to', '2024-01-31'])).message).toBe('invalid --from/--to: --from 2024-02-01 is after --to 2024-01-31');
    expect(usageError(() => plan(['--search', 'ocr=1', '--search', 'customername=a'])).message).toMatch(/^invalid --search: only one search at a time/);
    expect(usageError(() => plan(['--search', 'fromdate=2024-01-01'])).message).toMatch(/^invalid --search: fromdate is not a search field: use --from YYYY-MM-DD/);
  });

  it('parses --pages: all, N, N-M, N,M,...', () => {
    expect(parsePages('all')).toBe('all');
    expect(parsePages('3')).toEqual([3]);
    expect(parsePages('2-7')).toEqual({ from: 2, to: 7 });
    expect(parsePages('1, 4,2')).toEqual([1, 4, 2]);
    for (const bad of ['', '0', '-1', '3-', 'a', '1-2-3', '7-2', '1,,2']) {
      expect(usageError(() => parsePages(bad)).message).toMatch(/^invalid --pages: /);
    }
  });

  it('an invalid value names its option', () => {
    const cases: Array<[string[], string]> = [
      [['--limit', '0'], '--limit'],
      [['--limit', '1e2'], '--limit'],
      [['--filter', 'x'], '--filter'],
      [['--sortby', 'x'], '--sortby'],
      [['--sortorder', 'x'], '--sortorder'],
      [['--search', 'x'], '--search'],
      [['--search', 'city=x'], '--search'],
      [['--search', 'fromdate=2024-02-30'], '--search'],
      [['--from', '2024-13-01'], '--from'],
      [['--to', 'today'], '--to'],
      [['--lastmodified', '2024-05-01T10:00:00Z'], '--lastmodified'],
      [['--format', 'x'], '--format'],
      [['--lang', 'x'], '--lang'],
      [['--pages', 'x'], '--pages'],
    ];
    for (const [args, option] of cases) {
      const error = usageError(() => plan(args));
      expect(error.message.startsWith(`invalid ${option}: `), `${args.join(' ')} -> ${error.message}`).toBe(true);
      expect(error.showUsage).toBe(false);
    }
  });

  it('missing required options show the usage; unknown options and missing values name the option', () => {
    expect(usageError(() => parseExportArgs(['--out', 'x'], ENV, '/'))).toMatchObject({ message: '--tenant is required', showUsage: true });
    expect(usageError(() => parseExportArgs(['--tenant', '1'], ENV, '/'))).toMatchObject({ message: '--out is required', showUsage: true });
    expect(usageError(() => parseExportArgs(['--tenant', '1', '--out', 'x', '--colour'], ENV, '/')).message).toBe('unknown option --colour');
    expect(usageError(() => parseExportArgs(['--tenant', '1', '--out'], ENV, '/')).message).toBe('--out needs a value');
    expect(usageError(() => parseExportArgs(['--tenant', '--out', 'x'], ENV, '/')).message).toBe('--tenant needs a value');
    expect(usageError(() => parseExportArgs(['--tenant', '1', '--out', 'x', 'extra'], ENV, '/')).message).toMatch(/^unexpected argument "extra"/);
    expect(usageError(() => parseExportArgs(['--tenant', 'T-1', '--out', 'x'], ENV, '/')).message).toMatch(/^invalid --tenant: /);
  });

  it('--help wins over everything else', () => {
    expect(parseExportArgs(['--help'], {}, '/')).toEqual({ help: true });
    expect(parseExportArgs(['-h', '--limit', 'zzz'], {}, '/')).toEqual({ help: true });
  });

  it('requires the four environment variables, and URLs', () => {
    for (const name of Object.keys(ENV)) {
      const env: NodeJS.ProcessEnv = { ...ENV, [name]: '' };
      expect(usageError(() => plan([], env)).message).toMatch(new RegExp(`^${name} is not set`));
    }
    expect(usageError(() => plan([], { ...ENV, INVOICE_DESK_API_URL: 'api.example' })).message).toBe('INVOICE_DESK_API_URL is not a valid address');
    expect(usageError(() => plan([], { ...ENV, INVOICE_DESK_AUTH_URL: 'ftp://x' })).message).toBe('INVOICE_DESK_AUTH_URL must use https (plain http only to this computer: 127.0.0.1, localhost or [::1])');
  });

  it("takes the app's address rule: https, plain http only to this machine, no credentials, query or fragment (the secret goes there)", () => {
    const refused: Array<[string, string, string]> = [
      ['INVOICE_DESK_AUTH_URL', 'http://auth.example', 'must use https (plain http only to this computer: 127.0.0.1, localhost or [::1])'],
      ['INVOICE_DESK_API_URL', 'http://10.0.0.5/api', 'must use https (plain http only to this computer: 127.0.0.1, localhost or [::1])'],
      ['INVOICE_DESK_AUTH_URL', 'https://user:hunter2@auth.example', 'must not contain a user name or password'],
      ['INVOICE_DESK_API_URL', 'https://api.example/?key=1', 'must not contain a query or fragment'],
      ['INVOICE_DESK_AUTH_URL', 'https://auth.example/#x', 'must not contain a query or fragment'],
    ];
    for (const [name, value, problem] of refused) {
      const error = usageError(() => plan([], { ...ENV, [name]: value }));
      expect(error.message).toBe(`${name} ${problem}`);
      // A password in the variable is not repeated into a scheduler's log.
      expect(error.message).not.toContain('hunter2');
    }
    // The sandbox and a local test service are plain http on this machine.
    expect(plan([], { ...ENV, INVOICE_DESK_AUTH_URL: 'http://127.0.0.1:8080/apps/' }).authUrl).toBe('http://127.0.0.1:8080/apps');
  });

  it('resolves a relative --out against the folder npm was started in (INIT_CWD) under npm run export', () => {
    expect(plan([], { ...ENV, npm_lifecycle_event: 'export', INIT_CWD: '/home/me/reports' }, '/repo').out).toBe(path.resolve('/home/me/reports', 'x.csv'));
    expect(plan([], { ...ENV, INIT_CWD: '/home/me/reports' }, '/repo').out).toBe(path.resolve('/repo', 'x.csv'));
  });

  it('the usage lists every option and exit code', () => {
    for (const text of ['--tenant', '--out', '--pages', '--limit', '--filter', '--sortby', '--sortorder', '--search', '--from', '--to', '--lastmodified', '--format', '--lang', '--help']) {
      expect(USAGE).toContain(text);
    }
    expect(USAGE).toMatch(/Exit codes:\n {2}0 .*\n {2}2 .*\n {2}3 .*\n.*\n {2}4 .*\n {2}5 .*\n.*\n {2}6 .*\n.*\n {2}130 /);
  });

  it("the usage says each list's filters, sort fields, search fields and scope, as its description has them", () => {
    const flat = USAGE.replace(/\n {31,}/g, ' ');
    expect(flat).toContain('customers: active, inactive; with --mirror also withoverdue');
    expect(flat).toContain('invoices: documentnumber, customernumber, customername, invoicedate, total, ocr; with --mirror also duedate, balance,');
    expect(flat).toContain('supplier invoices: only with --mirror (the service lists them in its own order): givennumber,');
    expect(flat).toContain('customer payments: invoicenumber');
    expect(flat).toContain('invoicepayments: Payments received (Inbetalningar; scope payment)');
  });

  it('without --mirror, refuses what only the copy answers, naming the option and the way out; with it, the copy sorts any list by any field it keeps', () => {
    expect(usageError(() => plan(['--sortby', 'balance'])).message).toBe(
      'invalid --sortby: the service cannot sort invoices this way (sort by balance); add --mirror <folder> to answer it from the local copy',
    );
    expect(usageError(() => plan(['--resource', 'customers', '--filter', 'withoverdue'])).message).toMatch(/^invalid --filter: the service cannot filter customers this way \(filter withoverdue\); add --mirror/);
    expect(plan(['--mirror', 'copy', '--sortby', 'balance', '--sortorder', 'descending']).query).toEqual({ limit: 500, sortby: 'balance', sortorder: 'descending' });
    // Not a field of the list at all: the validation's own words, with the fields it has.
    expect(usageError(() => plan(['--sortby', 'amount'])).message).toMatch(/^invalid --sortby: must be one of: documentnumber/);
  });
});

describe('CLI progress', () => {
  it('draws one line in place on a terminal, and clears it at the end', () => {
    let out = '';
    const reporter = createProgressReporter({ isTTY: true, columns: 100, write: (t: string) => (out += t) });
    reporter.update({ pagesDone: 5, pagesTotal: 10, rows: 2500, secondsLeft: 3, waitingForRateLimit: true });
    expect(out).toBe('\r[############------------] 5/10 pages, 2500 rows, about 3 s left, waiting for the rate limit\u001b[K');
    reporter.finish();
    expect(out.endsWith('\r\u001b[K')).toBe(true);
  });

  it('writes plain lines otherwise: nothing before the first page, each tenth, wait changes, every 15 s', () => {
    let out = '';
    let now = 0;
    const reporter = createProgressReporter({ write: (t: string) => (out += t) }, () => now);
    reporter.update({ pagesDone: 0, pagesTotal: null, rows: 0, waitingForRateLimit: false });
    expect(out).toBe('');
    for (let page = 1; page <= 100; page += 1) {
      now += 200;
      reporter.update({ pagesDone: page, pagesTotal: 100, rows: page * 10, waitingForRateLimit: false });
    }
    const lines = out.trim().split('\n');
    expect(lines[0]).toBe('export: 1/100 pages, 10 rows');
    expect(lines).toHaveLength(11);
    expect(lines.at(-1)).toBe('export: 100/100 pages, 1000 rows');
    out = '';
    reporter.update({ pagesDone: 100, pagesTotal: 100, rows: 1000, waitingForRateLimit: true });
    expect(out).toBe('export: 100/100 pages, 1000 rows, waiting for the rate limit\n');
  });

  it('formats time and the bar', () => {
    expect(formatSeconds(42)).toBe('42 s');
    expect(formatSeconds(120)).toBe('2 min');
    expect(formatSeconds(125)).toBe('2 min 5 s');
    expect(bar(0, null, 4)).toBe('[    ]');
    expect(bar(1, 2, 4)).toBe('[##--]');
  });
});
