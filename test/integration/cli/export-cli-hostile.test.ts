// `npm run export --pdf-dir` against a hostile stand-in of the service: one
// invoice of the list has the DocumentNumber `../../x`. The run skips that invoice's PDF with a
// warning naming it, saves every other PDF, writes the CSV, writes nothing outside the folder, and
// exits 6 (the service sent data the app refused; some files are missing). A number or an error
// message with escape sequences, carriage returns, C1 controls or bidi overrides reaches stderr
// without them (point 6): the warning and the error line are what the app says, not a forged line.
import { promises as fs } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../../electron/cli/args';
import { runCli } from '../../../electron/cli/run';
import { wireInvoice } from '../../unit/api/helpers';

const HOSTILE = '../../x';
let invoices = [wireInvoice(1), wireInvoice(2, { DocumentNumber: HOSTILE }), wireInvoice(3)];
/** When set, the invoice list answers the licence error (code 2001103) with this message. */
let listError: string | undefined;
/** What a terminal acts on: C0 (apart from the lines' own breaks), DEL, C1, bidi controls. */
const TERMINAL_CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;

let server: Server;
let url: string;
let root: string;
const requested: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    const { pathname } = new URL(request.url ?? '/', 'http://stand-in');
    requested.push(`${request.method} ${pathname}`);
    const send = (status: number, type: string, body: string | Buffer) => response.writeHead(status, { 'content-type': type, date: new Date(0).toUTCString() }).end(body);
    if (request.method === 'POST' && pathname === '/oauth-v1/token') {
      return send(200, 'application/json', JSON.stringify({ access_token: 'at', token_type: 'bearer', expires_in: 3600, scope: 'invoice' }));
    }
    if (pathname === '/3/invoices' && listError !== undefined) {
      return send(400, 'application/json', JSON.stringify({ ErrorInformation: { error: 1, message: listError, code: 2001103 } }));
    }
    if (pathname === '/3/invoices') {
      return send(200, 'application/json', JSON.stringify({ MetaInformation: { '@TotalResources': invoices.length, '@TotalPages': 1, '@CurrentPage': 1 }, Invoices: invoices }));
    }
    const preview = /^\/3\/invoices\/([^/]+)\/preview$/.exec(pathname);
    if (preview) return send(200, 'application/pdf', Buffer.from(`%PDF-1.4 invoice ${preview[1]}\n%%EOF\n`, 'latin1'));
    return send(404, 'application/json', JSON.stringify({ ErrorInformation: { error: 1, message: 'Not found', code: 2000434 } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'export-cli-hostile-'));
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await fs.rm(root, { recursive: true, force: true });
});

describe('npm run export --pdf-dir: a DocumentNumber that is no invoice number', () => {
  it('skips that invoice with a warning naming it, finishes the run, and exits 6', async () => {
    // The PDF folder two levels down, so `../../x.pdf` would land in `root` if it were followed.
    const pdfs = path.join(root, 'a', 'b');
    await fs.mkdir(pdfs, { recursive: true });
    let stderr = '';
    const code = await runCli(['--tenant', '1', '--out', 'invoices.csv', '--pdf-dir', pdfs], {
      env: { INVOICE_DESK_CLIENT_ID: 'c', INVOICE_DESK_CLIENT_SECRET: 's', INVOICE_DESK_AUTH_URL: url, INVOICE_DESK_API_URL: url },
      cwd: root,
      stdout: { write: () => undefined },
      stderr: { write: (text: string) => (stderr += text) },
    });
    expect(code, stderr).toBe(EXIT.refused);
    expect(EXIT.refused).toBe(6);
    expect(stderr).toContain(`warning: no PDF for invoice "${HOSTILE}"`);
    expect(stderr).toContain('PDFs: 2 saved, 0 already there');
    // The others' PDFs are there; nothing was written outside the folder, nothing asked for the hostile one.
    expect((await fs.readdir(pdfs)).sort()).toEqual(['1.pdf', '3.pdf']);
    expect((await fs.readdir(root)).sort()).toEqual(['a', 'invoices.csv']);
    expect(await fs.readdir(path.join(root, 'a'))).toEqual(['b']);
    expect(requested.filter((r) => r.includes('preview')).sort()).toEqual(['GET /3/invoices/1/preview', 'GET /3/invoices/3/preview']);
    // The CSV is complete, the hostile number included (as text).
    const rows = Papa.parse<string[]>(await fs.readFile(path.join(root, 'invoices.csv'), 'utf8'), { skipEmptyLines: true }).data.slice(1);
    expect(rows.map((row) => row[0])).toEqual(['1', HOSTILE, '3']);
  });

  it('a refused number with escape sequences, a carriage return, C1 and bidi controls: the warning names it without them', async () => {
    const forged = '7\u001b[2K\rexport: PDFs: all saved\u009b1A\u202e8\u2066';
    invoices = [wireInvoice(1), wireInvoice(2, { DocumentNumber: forged })];
    const pdfs = await fs.mkdtemp(path.join(root, 'pdfs-'));
    const result = await run(['--tenant', '1', '--out', 'forged.csv', '--pdf-dir', pdfs]);
    expect(result.code, result.stderr).toBe(EXIT.refused);
    expect(TERMINAL_CONTROLS.test(result.stderr)).toBe(false);
    // Quoted as JSON (its C0 escaped as \u001b, \r), the rest removed: one warning line, not two.
    expect(result.stderr).toContain('export: warning: no PDF for invoice "7\\u001b[2K\\rexport: PDFs: all saved1A8"');
    expect(result.stderr.split('\n').filter((line) => line.startsWith('export: PDFs:'))).toEqual(['export: PDFs: 1 saved, 0 already there, in ' + pdfs]);
  });

  it("the service's error message on stderr: no escape sequence, carriage return or bidi override", async () => {
    listError = 'Api-licens saknas.\u001b]0;pwned\u0007\r\u202eanlaskcil\u009b2J';
    try {
      const result = await run(['--tenant', '1', '--out', 'refused.csv']);
      expect(result.code).toBe(EXIT.auth);
      expect(TERMINAL_CONTROLS.test(result.stderr)).toBe(false);
      expect(result.stderr).toContain('(the service said: Api-licens saknas.]0;pwned anlaskcil2J)');
    } finally {
      listError = undefined;
    }
  });
});

async function run(args: string[]): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const code = await runCli(args, {
    env: { INVOICE_DESK_CLIENT_ID: 'c', INVOICE_DESK_CLIENT_SECRET: 's', INVOICE_DESK_AUTH_URL: url, INVOICE_DESK_API_URL: url },
    cwd: root,
    stdout: { write: () => undefined },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stderr };
}
