// The app's export path as the IPC handlers drive it (export-service -> queue -> job -> CSV file),
// with a fake company session and fake ports: what reaches the file and what reaches the window.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../../electron/kernel/clock';
import type { CompanySession } from '../../../electron/companies/company-session';
import { listColumns } from '../../../electron/export/columns';
import { createExportService } from '../../../electron/export/export-service';
import type { ExportFormat, ExportProgress, ExportRequest } from '../../../electron/ipc/contract';
import { fakeSession, invoice } from './helpers';
import { formulaCells, HOSTILE_TEXTS } from './formula-check';

let dir: string;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'export-service-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const FINAL = new Set(['done', 'failed', 'cancelled']);

/** An export service whose save dialog answers `target`, and the events it sent to the window. */
function service(target: string, invoices = [invoice()]) {
  const session = fakeSession([{ currentPage: 1, totalPages: 1, totalResources: invoices.length, items: invoices }]);
  const events: ExportProgress[] = [];
  const logged: Array<{ message: string; error: unknown }> = [];
  let settle: (event: ExportProgress) => void = () => undefined;
  const settled = new Promise<ExportProgress>((resolve) => (settle = resolve));
  const exports = createExportService({
    clock: systemClock,
    session: async () => session as unknown as CompanySession,
    companyName: () => 'Acme',
    language: async () => 'en',
    chooseFile: async () => target,
    emit: (event) => {
      events.push(event);
      if (FINAL.has(event.state)) settle(event);
    },
    reportError: () => undefined,
    log: (message, error) => logged.push({ message, error }),
  });
  return { exports, events, logged, settled };
}

function request(format: ExportFormat): ExportRequest {
  return { resource: 'invoices', companyId: 'c1', query: { limit: 50 }, selection: { kind: 'all' }, columns: listColumns('invoices', 'en').map((column) => column.id), format };
}

describe('export service: the file', () => {
  it('hostile text in any column reaches no spreadsheet as a formula, in both formats; amounts stay numbers', async () => {
    const invoices = HOSTILE_TEXTS.map((text, i) =>
      invoice({ documentNumber: String(i + 1), customerName: text, project: text, costCenter: text, ocr: text, total: -5.5, balance: -5.5 }),
    );
    for (const format of ['standard', 'excel-sv'] as const) {
      const target = path.join(dir, `${format}.csv`);
      const { exports, settled } = service(target, invoices);
      await exports.start(request(format));
      expect((await settled).state).toBe('done');
      const text = await fs.readFile(target, 'utf8');
      expect(formulaCells(text), format).toEqual([]);
      const amount = format === 'standard' ? '-5.50' : '-5,50';
      expect(text.split('\r\n')[1]).toContain(`${format === 'standard' ? ',' : ';'}${amount}${format === 'standard' ? ',' : ';'}`);
    }
  });
});

/** The log's text of an error: its message, its cause's message (Node's own words) and the log line. */
const logText = (entries: Array<{ message: string; error: unknown }>): string =>
  entries.map((e) => `${e.message} ${(e.error as Error).message} ${((e.error as Error).cause as Error | undefined)?.message ?? ''}`).join('\n');

describe('export service: paths stay out of the window', () => {
  it('a folder that does not exist: the progress event names the file, not the folder; the log has the full path', async () => {
    const folder = path.join(dir, 'Documents', 'missing');
    const { exports, events, logged, settled } = service(path.join(folder, 'fakturor.csv'));
    await exports.start(request('standard'));
    const failed = await settled;
    expect(failed).toMatchObject({ state: 'failed', fileName: 'fakturor.csv', error: { kind: 'file', message: 'The folder chosen for fakturor.csv does not exist.' } });
    // Nothing sent to the window (events, the job list) holds the folder.
    expect(JSON.stringify([...events, ...exports.list()])).not.toContain(dir);
    expect(logText(logged)).toContain(`The folder ${folder} does not exist.`);
  });

  it('no permission: the EACCES message from Node (with the full path) reaches the log only', async () => {
    // Root may write anywhere, so the operating system's refusal is simulated at the open of the
    // temporary file, with the error exactly as Node words it.
    const target = path.join(dir, 'readonly', 'fakturor.csv');
    await fs.mkdir(path.dirname(target));
    const open = vi.spyOn(fs, 'open').mockImplementationOnce(async (file) => {
      throw Object.assign(new Error(`EACCES: permission denied, open '${String(file)}'`), { code: 'EACCES', errno: -13, syscall: 'open', path: String(file) });
    });
    try {
      const { exports, events, logged, settled } = service(target);
      await exports.start(request('excel-sv'));
      expect(await settled).toMatchObject({ state: 'failed', error: { kind: 'file', message: 'No permission to write fakturor.csv.' } });
      expect(JSON.stringify([...events, ...exports.list()])).not.toContain(dir);
      expect(logText(logged)).toContain(`No permission to write ${target}.`);
      expect(logText(logged)).toContain(`EACCES: permission denied, open '${path.dirname(target)}`);
    } finally {
      open.mockRestore();
    }
  });
});
