// `npm run export` (runCli in-process) against a sandbox whose company has hostile customer names,
// projects, cost centres and OCRs: no cell of the file is a formula for any spreadsheet, whichever
// list separator it splits the lines on, in both formats. Its own sandbox: the invoices it adds
// would change the counts the other CLI tests check.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../electron/cli/run';
import { neutraliseFormulas } from '../../../electron/export/csv';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index';
import { formulaCells, HOSTILE_TEXTS } from '../../unit/export/formula-check';

let sandbox: Sandbox;
let dir: string;
let tenantId: string;

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 0 });
  sandbox.control.setRateLimits(false);
  tenantId = sandbox.companies.find((c) => c.key === 'small')?.tenantId ?? '';
  for (const text of HOSTILE_TEXTS) {
    sandbox.control.addInvoice(tenantId, { CustomerName: text, Project: text, CostCenter: text, OCR: text, Total: -5.5, Balance: -5.5 });
  }
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'export-cli-formulas-'));
});
afterAll(async () => {
  await sandbox.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('npm run export: formula injection', () => {
  it('writes hostile text so that no reading of the file has a formula cell; amounts stay numbers', async () => {
    for (const format of ['standard', 'excel-sv'] as const) {
      const out = path.join(dir, `${format}.csv`);
      let stderr = '';
      const code = await runCli(['--tenant', tenantId, '--out', out, '--format', format], {
        env: {
          INVOICE_DESK_CLIENT_ID: sandbox.clientId,
          INVOICE_DESK_CLIENT_SECRET: sandbox.clientSecret,
          INVOICE_DESK_AUTH_URL: sandbox.authUrl,
          INVOICE_DESK_API_URL: sandbox.apiUrl,
        },
        cwd: dir,
        stdout: { write: () => undefined },
        stderr: { write: (t: string) => (stderr += t) },
      });
      expect(code, stderr).toBe(0);
      const text = await fs.readFile(out, 'utf8');
      // Every hostile name arrived (neutralised) and its amount is a number, for a reader using the file's delimiter.
      const rows = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter: format === 'standard' ? ',' : ';' }).data;
      const customer = rows[0]?.indexOf('Customer') ?? -1;
      const total = rows[0]?.indexOf('Total') ?? -1;
      for (const name of HOSTILE_TEXTS) {
        const amount = format === 'standard' ? '-5.50' : '-5,50';
        expect(rows.some((r) => r[customer] === neutraliseFormulas(name) && r[total] === amount), JSON.stringify(name)).toBe(true);
      }
      expect(formulaCells(text), format).toEqual([]);
    }
  });
});
