// `npm run report -- --tenants` against the sandbox's firm world over real HTTP:
// ten client companies, three with the problems a firm meets and one whose copy on disk is
// garbage. Every company is a row in the order given; the healthy ones' figures are what the
// definitions (common/firm.ts) give over the service's own records; the failures are rows with
// their problem, said on stderr; the exit code is 7, 0 or the first failure's.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../../electron/cli/args';
import { runReport } from '../../../electron/cli/run-report';
import { summarise } from '../../../electron/common/firm';
import { serviceDate } from '../../../electron/common/invoice-status';
import { startSandbox, type Sandbox, type SandboxCompany } from '../../../electron/sandbox/index';

let sandbox: Sandbox;
let dir: string;
let clients: SandboxCompany[];

interface JsonRow {
  tenantId: string;
  name: string;
  owedSek: number | null;
  overdueSek: number | null;
  overdue60Sek: number | null;
  youOweSek: number | null;
  overdueBillsSek: number | null;
  lowestWeek: { week: string; netSek: number } | null;
  daysSinceLastInvoice: number | null;
  problem: string | null;
}

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 100, rateLimits: false, clientCompanies: 10 });
  clients = sandbox.companies.filter((company) => company.key === 'client');
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'report-cli-firm-'));
});
afterAll(async () => {
  await sandbox.close();
  await fs.rm(dir, { recursive: true, force: true });
});

async function report(args: string[], mirror = 'copies'): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runReport([...args, '--mirror', mirror], {
    env: { INVOICE_DESK_CLIENT_ID: sandbox.clientId, INVOICE_DESK_CLIENT_SECRET: sandbox.clientSecret, INVOICE_DESK_AUTH_URL: sandbox.authUrl, INVOICE_DESK_API_URL: sandbox.apiUrl },
    cwd: dir,
    stdout: { write: (text: string) => ((stdout += text), true) },
    stderr: { write: (text: string) => ((stderr += text), true) },
  });
  return { code, stdout, stderr };
}

/** The row the definitions give over the sandbox's own records of a company. */
function expected(company: SandboxCompany, withBills: boolean) {
  const today = serviceDate(Date.now());
  const invoices = sandbox.control.invoicesOf(company.tenantId).map((i) => ({ invoiceDate: i.InvoiceDate, dueDate: i.DueDate, balance: i.Balance, currencyRate: Number(i.CurrencyRate), currencyUnit: i.CurrencyUnit, booked: i.Booked, cancelled: i.Cancelled }));
  const bills = sandbox.control.supplierInvoicesOf(company.tenantId).map((r) => ({ dueDate: r.DueDate, balance: r.Balance, currencyRate: Number(r.CurrencyRate), currencyUnit: r.CurrencyUnit, cancelled: r.Cancelled }));
  const { asOf: _asOf, ...figures } = summarise(today, invoices, withBills ? bills : null);
  return figures;
}

describe('report --tenants', () => {
  it('writes a row per company in the order given: the healthy ones exact, each problem its own row, exit 7', async () => {
    const healthy = clients.filter((c) => c.problem === null);
    // A copy on disk that is no database: that company's row says so, the others finish.
    const broken = healthy[1] as SandboxCompany;
    await fs.mkdir(path.join(dir, 'copies'), { recursive: true });
    await fs.writeFile(path.join(dir, 'copies', `tenant-${broken.tenantId}.sqlite`), 'not a database at all, just text '.repeat(200));
    const order = [...clients].reverse().map((c) => c.tenantId);
    const result = await report(['--tenants', order.join(','), '--json']);
    expect(result.code, result.stderr).toBe(EXIT.someFailed);
    // Every amount with two decimals, as other tools read it.
    expect(result.stdout).toMatch(/"owedSek":-?\d+\.\d\d,/);
    const json = JSON.parse(result.stdout) as { asOf: string; companies: JsonRow[] };
    expect(json.asOf).toBe(serviceDate(Date.now()));
    expect(json.companies.map((row) => row.tenantId)).toEqual(order);
    const row = (company: SandboxCompany) => json.companies.find((r) => r.tenantId === company.tenantId) as JsonRow;
    for (const company of healthy.filter((c) => c !== broken)) {
      const { tenantId, name, problem, ...figures } = row(company);
      expect({ tenantId, name, problem }).toEqual({ tenantId: company.tenantId, name: company.name, problem: null });
      expect(figures).toEqual(expected(company, true));
    }
    expect(row(broken)).toMatchObject({ problem: 'file', owedSek: null, lowestWeek: null });
    const byProblem = (problem: SandboxCompany['problem']) => row(clients.find((c) => c.problem === problem) as SandboxCompany);
    expect(byProblem('no-licence')).toMatchObject({ problem: 'licence-missing', owedSek: null, youOweSek: null, daysSinceLastInvoice: null });
    // Without the supplier scope the customer side is still whole; what you owe is not known.
    const scope = clients.find((c) => c.problem === 'scope-missing') as SandboxCompany;
    const { youOweSek: _y, overdueBillsSek: _o, lowestWeek: _l, ...customerSide } = expected(scope, false);
    expect(row(scope)).toMatchObject({ problem: 'scope-missing', ...customerSide, youOweSek: null, overdueBillsSek: null, lowestWeek: null });
    expect(byProblem('access-revoked').problem).toMatch(/not-activated|needs-reconnect/);
    // Each failure on stderr, naming its tenant.
    for (const company of [broken, ...clients.filter((c) => c.problem !== null)]) expect(result.stderr).toContain(`tenant ${company.tenantId}`);
  });

  it('prints a table for a person, one line per company, and exit 0 when every company succeeded', async () => {
    const healthy = clients.filter((c) => c.problem === null).slice(2, 5);
    const result = await report(['--tenants', healthy.map((c) => c.tenantId).join(' , ')]);
    expect(result.code, result.stderr).toBe(EXIT.ok);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(/^Client companies as of \d{4}-\d{2}-\d{2}: 3\./);
    expect(lines[2]).toMatch(/^Tenant +Company +Owed +Overdue +Over 60 days +You owe +Overdue bills +Lowest week +Net +Days since invoice +Problem$/);
    for (const company of healthy) expect(result.stdout).toMatch(new RegExp(`\\n${company.tenantId} +${company.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} +[\\d,.-]+ `));
  });

  it('reads the tenants from a file with comments, each once; all failing gives the first failure\'s code', async () => {
    const failing = clients.filter((c) => c.problem === 'no-licence' || c.problem === 'access-revoked');
    await fs.writeFile(path.join(dir, 'tenants.txt'), failing.map((c) => `${c.tenantId}   # ${c.name}\n${c.tenantId}\n`).join('') + '\n# done\n');
    const result = await report(['--tenants-file', 'tenants.txt', '--json']);
    expect(result.code).toBe(EXIT.auth);
    expect((JSON.parse(result.stdout) as { companies: JsonRow[] }).companies.map((r) => r.tenantId)).toEqual(failing.map((c) => c.tenantId));
  });

  it.each([
    [['--tenants', '8100001', '--tenant', '8100002'], /--tenant and --tenants: choose one/],
    [['--tenants', '8100001,abc'], /invalid --tenants: "abc" is not a TenantId/],
    [['--tenants', ' , '], /invalid --tenants: no TenantId in it/],
    [['--tenants', '8100001', '--tenants-file', 'x'], /--tenants and --tenants-file: choose one/],
    [['--tenants-file', 'missing.txt'], /invalid --tenants-file: .*missing\.txt cannot be read \(ENOENT\)/],
    [['--tenants', '8100001', '--customer', '1'], /--customer is one company's statement/],
  ])('%j is a usage error (exit 2)', async (args, message) => {
    const result = await report(args);
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
  });
});
