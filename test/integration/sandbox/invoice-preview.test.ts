// GET /3/invoices/{n}/preview and /print over real HTTP: a real PDF that PDF.js reads (title,
// customer, dates, rows, sums, OCR, in Swedish with å ä ö), the preview changing nothing, and print
// marking the invoice sent and being counted, so the app's tests can prove it never prints.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, type SandboxInvoice } from '../../../electron/sandbox';
import { company, getJson, invoices, tokenFor } from './helpers';
import type { FullInvoice } from './invoice-checks';
import { readPdf, swedishAmount } from './pdf-text';

let sandbox: Sandbox;
let tenant: string;
let token: string;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'invoice-preview', today: '2026-06-15', largeInvoiceCount: 200, rateLimits: false });
  tenant = company(sandbox, 'small').tenantId;
  token = tokenFor(sandbox, 'small');
});
afterAll(() => sandbox.close());

async function getPdf(path: string, bearer = token): Promise<{ status: number; headers: Headers; bytes: Uint8Array }> {
  const res = await fetch(`${sandbox.apiUrl}/3/invoices/${path}`, { headers: { Authorization: `Bearer ${bearer}` } });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function fullInvoice(documentNumber: string): Promise<FullInvoice> {
  return (await getJson<{ Invoice: FullInvoice }>(`${sandbox.apiUrl}/3/invoices/${documentNumber}`, token)).body.Invoice;
}

function record(documentNumber: string): SandboxInvoice {
  const found = sandbox.control.invoicesOf(tenant).find((i) => i.DocumentNumber === documentNumber);
  if (!found) throw new Error(`no invoice ${documentNumber}`);
  return found;
}

/** The first invoice matching the test: unsent, SEK, its customer's name with å, ä or ö. */
function pick(test: (i: SandboxInvoice) => boolean): SandboxInvoice {
  const found = sandbox.control.invoicesOf(tenant).find(test);
  if (!found) throw new Error('no such invoice in the demo data');
  return found;
}

describe('GET /3/invoices/{n}/preview', () => {
  it('is a PDF of the invoice: title, customer with å/ä/ö, address, dates, rows, sums and OCR', async () => {
    const target = pick((i) => i.Currency === 'SEK' && /[åäöÅÄÖ]/.test(i.CustomerName) && !i.Sent);
    const invoice = await fullInvoice(target.DocumentNumber);
    const res = await getPdf(`${target.DocumentNumber}/preview`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="Faktura-${target.DocumentNumber}.pdf"`);
    const raw = Buffer.from(res.bytes).toString('latin1');
    expect(raw.startsWith('%PDF-1.4\n')).toBe(true);
    expect(raw.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(res.bytes.length).toBeLessThan(20_000);

    const pdf = await readPdf(res.bytes);
    expect(pdf.pages).toBe(1);
    expect(pdf.title).toBe(`Faktura ${target.DocumentNumber}`);
    expect(pdf.items).toContain(`Faktura ${target.DocumentNumber}`);
    expect(pdf.items).toContain(target.CustomerName);
    expect(pdf.items).toContain(invoice.Address1);
    expect(pdf.items).toContain(`${invoice.ZipCode} ${invoice.City}`);
    for (const [label, value] of [['Fakturadatum', target.InvoiceDate], ['Förfallodatum', target.DueDate], ['OCR', target.OCR]]) {
      expect(pdf.items).toContain(label);
      expect(pdf.items).toContain(value);
    }
    for (const row of invoice.InvoiceRows) {
      expect(pdf.items).toContain(row.Description);
      expect(pdf.items).toContain(row.DeliveredQuantity.replace('.', ','));
      expect(pdf.items).toContain(row.Unit);
      expect(pdf.items).toContain(swedishAmount(row.Price));
      expect(pdf.items).toContain(`${row.VAT} %`);
      expect(pdf.items).toContain(swedishAmount(row.Total));
    }
    const after = (label: string) => pdf.items[pdf.items.indexOf(label) + 1];
    expect(after('Netto')).toBe(swedishAmount(invoice.Net));
    expect(after('Öresavrundning')).toBe(swedishAmount(invoice.RoundOff));
    expect(after('Att betala (SEK)')).toBe(swedishAmount(target.Total));
    expect(pdf.items.filter((item) => item.startsWith('Moms ') && item.includes('(på '))).not.toHaveLength(0);
    expect(pdf.items).toContain(`Ange OCR-nummer ${target.OCR} vid betalning.`);
  });

  it('changes nothing: Sent and the last-modified time stay, and it is counted as a preview', async () => {
    const target = pick((i) => !i.Sent);
    const before = sandbox.control.counters().invoiceEndpoints;
    expect((await getPdf(`${target.DocumentNumber}/preview`)).status).toBe(200);
    expect(record(target.DocumentNumber)).toEqual(target);
    const counters = sandbox.control.counters();
    expect(counters.invoiceEndpoints.preview).toBe(before.preview + 1);
    expect(counters.invoiceEndpoints.print).toBe(before.print);
  });

  it('shows a credit note and a foreign-currency invoice as such', async () => {
    const credit = sandbox.control.addInvoice(tenant, { CustomerName: 'Östlunds Måleri AB', Total: -1250, Balance: -1250 });
    const creditPdf = await readPdf((await getPdf(`${credit}/preview`)).bytes);
    expect(creditPdf.items).toContain('Kreditfaktura');
    expect(creditPdf.items).toContain('Östlunds Måleri AB');
    expect(creditPdf.items[creditPdf.items.indexOf('Att betala (SEK)') + 1]).toBe('-1 250,00');

    const foreign = pick((i) => i.Currency !== 'SEK');
    const foreignPdf = await readPdf((await getPdf(`${foreign.DocumentNumber}/preview`)).bytes);
    expect(foreignPdf.items[foreignPdf.items.indexOf(`Att betala (${foreign.Currency})`) + 1]).toBe(swedishAmount(foreign.Total));
    expect(foreignPdf.items).toContain(`${foreign.Currency} (kurs ${foreign.CurrencyRate})`);
  });

  it('writes a character WinAnsi lacks as "?" and still makes a valid PDF', async () => {
    const number = sandbox.control.addInvoice(tenant, { CustomerName: 'Łódź (Trading) \\ Sp. z o.o.', Total: 500 });
    const pdf = await readPdf((await getPdf(`${number}/preview`)).bytes);
    expect(pdf.items).toContain('?ód? (Trading) \\ Sp. z o.o.');
  });

  it('goes through the same fault machinery and rate limits as the list', async () => {
    sandbox.control.injectFault('invoices', { status: 503, count: 1 });
    expect((await getPdf('1/preview')).status).toBe(503);
    expect((await getPdf('1/preview')).status).toBe(200);

    const limited = await startSandbox({ seed: 'invoice-preview', largeInvoiceCount: 10 });
    try {
      const bearer = tokenFor(limited, 'small');
      const statuses: number[] = [];
      for (let i = 0; i < 26; i += 1) {
        const res = await fetch(`${limited.apiUrl}/3/invoices/1${i % 2 ? '/preview' : ''}`, { headers: { Authorization: `Bearer ${bearer}` } });
        await res.arrayBuffer();
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 25).every((status) => status === 200)).toBe(true);
      expect(statuses[25]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /3/invoices/{n}/print', () => {
  it('marks the invoice sent, moves its last-modified time, returns the same PDF, and is counted', async () => {
    const target = pick((i) => !i.Sent && !i.Cancelled);
    const preview = await getPdf(`${target.DocumentNumber}/preview`);
    const printsBefore = sandbox.control.counters().invoiceEndpoints.print;
    sandbox.control.advanceClock(60_000);
    const printed = await getPdf(`${target.DocumentNumber}/print`);
    expect(printed.status).toBe(200);
    expect(printed.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(printed.bytes).equals(Buffer.from(preview.bytes))).toBe(true);
    expect(sandbox.control.counters().invoiceEndpoints.print).toBe(printsBefore + 1);

    const after = record(target.DocumentNumber);
    expect(after.Sent).toBe(true);
    expect(Date.parse(after.LastModified)).toBeGreaterThan(Date.parse(target.LastModified));
    expect((await fullInvoice(target.DocumentNumber)).Sent).toBe(true);
    // A sync by lastmodified sees the change.
    const since = new Date(Date.parse(after.LastModified) - 1000).toISOString().slice(0, 19).replace('T', ' ');
    const changed = await invoices(sandbox, token, { lastmodified: since, limit: 500 });
    expect(changed.body.Invoices.map((i) => i.DocumentNumber)).toContain(target.DocumentNumber);

    // Printing it again changes nothing more.
    sandbox.control.advanceClock(60_000);
    await getPdf(`${target.DocumentNumber}/print`);
    expect(record(target.DocumentNumber).LastModified).toBe(after.LastModified);
    expect(sandbox.control.counters().invoiceEndpoints.print).toBe(printsBefore + 2);
  });
});
