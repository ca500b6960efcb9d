/** Export through the real IPC (the grid's UI drives the same calls): file from the save dialog only. */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDeskApi } from '../../electron/ipc/contract';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { launchApp, type LaunchedApp } from '../harness/launch-app';
import { connectCompany, serviceEnv } from './helpers/connect';

describe('export through IPC', () => {
  let sandbox: Sandbox;
  let app: LaunchedApp;
  let folder: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ largeInvoiceCount: 2_000 });
    folder = mkdtempSync(path.join(os.tmpdir(), 'invoice-desk-export-'));
    app = await launchApp({
      env: serviceEnv(sandbox),
      dialogAnswers: [{ canceled: false, filePath: path.join(folder, 'small.csv') }, { canceled: true }],
    });
    await connectCompany(app, { company: sandbox.companies.find((c) => c.key === 'small')!.name });
  });
  afterAll(async () => {
    await app?.close();
    await sandbox?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('writes the file the save dialog chose, with every invoice once, and reports progress', async () => {
    const result = await app.page.evaluate(async () => {
      const desk = (window as unknown as { invoiceDesk: InvoiceDeskApi }).invoiceDesk;
      const list = await desk.companies.list();
      const events: Array<{ state: string; rows: number; fileName: string }> = [];
      const done = new Promise<void>((resolve) => {
        desk.events.on('export:progress', (p) => {
          events.push(p);
          if (p.state === 'done' || p.state === 'failed') resolve();
        });
      });
      await new Promise((r) => setTimeout(r, 100));
      const started = await desk.export.start({
        resource: 'invoices',
        companyId: list.ok ? (list.value.activeId ?? '') : '',
        query: { limit: 50, sortby: 'documentnumber', sortorder: 'ascending' },
        selection: { kind: 'all' },
        columns: ['documentNumber', 'customerName', 'total'],
        format: 'excel-sv',
      });
      await done;
      return { started, last: events.at(-1) };
    });
    expect(result.started).toMatchObject({ ok: true, value: { jobId: expect.any(String) } });
    expect(result.last).toMatchObject({ state: 'done', fileName: 'small.csv' });
    const file = path.join(folder, 'small.csv');
    const text = readFileSync(file, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const parsed = Papa.parse<string[]>(text.slice(1).trim(), { delimiter: ';' });
    const small = sandbox.companies.find((c) => c.key === 'small')!;
    expect(parsed.data).toHaveLength(small.invoices + 1);
    expect(new Set(parsed.data.slice(1).map((row) => row[0])).size).toBe(small.invoices);
    // The header is the grid's own labels in the UI language (Swedish here).
    expect(parsed.data[0]).toEqual(['Fakturanr', 'Kund', 'Totalt']);
    expect(readdirSync(folder)).toEqual(['small.csv']);
  });

  it('does nothing when the save dialog is cancelled', async () => {
    const reply = await app.page.evaluate(async () => {
      const desk = (window as unknown as { invoiceDesk: InvoiceDeskApi }).invoiceDesk;
      const list = await desk.companies.list();
      return desk.export.start({
        resource: 'invoices',
        companyId: list.ok ? (list.value.activeId ?? '') : '',
        query: { limit: 50 },
        selection: { kind: 'pages', pages: [1] },
        columns: ['documentNumber'],
        format: 'standard',
      });
    });
    expect(reply).toEqual({ ok: true, value: null });
    expect(existsSync(path.join(folder, 'small.csv'))).toBe(true);
    expect(readdirSync(folder)).toHaveLength(1);
  });
});
