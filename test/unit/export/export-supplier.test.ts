// The supplier invoices' export description (export-resources.ts) with a fake session: the cells
// in both formats, the approval and payment states from the filtered lists, the query the service
// takes, and a supplier export's scope error kept off the company's status.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ListPage } from '../../../electron/api/list-response';
import type { CompanySession } from '../../../electron/companies/company-session';
import type { SupplierInvoice } from '../../../electron/common/supplier-invoices';
import { runExport, type ExportSession } from '../../../electron/export/export-job';
import { columnsOf, exportResources } from '../../../electron/export/export-resources';

const supplierExport = exportResources.supplierinvoices;
import { createExportService } from '../../../electron/export/export-service';
import type { ExportProgress } from '../../../electron/ipc/contract';
import { ApiError } from '../../../electron/kernel/errors';
import { systemClock } from '../../../electron/kernel/clock';
import { fakeSession } from './helpers';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'export-supplier-unit-'));
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

function bill(overrides: Partial<SupplierInvoice> = {}): SupplierInvoice {
  return {
    givenNumber: '1',
    supplierNumber: '7',
    supplierName: 'Åkerby Grossist AB',
    invoiceNumber: 'F-100',
    invoiceDate: '2026-01-10',
    dueDate: '2026-02-09',
    total: 1250.5,
    balance: 1250.5,
    currency: 'SEK',
    currencyRate: 1,
    currencyUnit: 1,
    booked: true,
    cancelled: false,
    credit: false,
    finalPayDate: null,
    authorizerName: '',
    costCenter: 'ADM',
    project: '',
    externalInvoiceNumber: '',
    externalInvoiceSeries: '',
    ocr: '',
    authorizePending: false,
    paymentPending: false,
    ...overrides,
  };
}

/** A session serving `items` as the supplier list (one page), and the filtered lists from `pending`. */
function supplierSession(items: SupplierInvoice[], pending: { authorizepending?: string[]; pendingpayment?: string[] } = {}) {
  const queries: Array<Record<string, unknown>> = [];
  const base = fakeSession([]);
  const session: ExportSession = {
    ...base,
    listPages: ((resource: string, query: Record<string, unknown>) => {
      expect(resource).toBe('supplierinvoices');
      queries.push(query);
      const filter = query.filter as keyof typeof pending | undefined;
      const listed = filter && filter in pending ? items.filter((i) => pending[filter]?.includes(i.givenNumber)) : items;
      return {
        async *[Symbol.asyncIterator](): AsyncGenerator<ListPage<SupplierInvoice>> {
          yield { items: listed, currentPage: 1, totalPages: 1, totalResources: listed.length };
        },
      };
    }) as unknown as CompanySession['listPages'],
  };
  return { session, queries };
}

describe('supplier export', () => {
  it('writes every column in both formats, with the states only the filtered lists know', async () => {
    const items = [
      bill({ givenNumber: '1' }),
      bill({ givenNumber: '2', supplierName: '=HYPERLINK("x")', balance: 0, finalPayDate: '2026-02-01', authorizerName: 'Karin' }),
      bill({ givenNumber: '3', total: -200, balance: -200, credit: true, currency: 'EUR', booked: false }),
      bill({ givenNumber: '4' }),
    ];
    const { session, queries } = supplierSession(items, { authorizepending: ['3'], pendingpayment: ['4'] });
    const target = path.join(dir, 'sv.csv');
    const result = await runExport({
      resource: supplierExport,
      session,
      query: { limit: 500 },
      pages: 'all',
      columns: columnsOf(supplierExport, 'sv'),
      format: 'excel-sv',
      target,
      clock: systemClock,
      today: '2026-01-20',
      statusLabels: supplierExport.statusLabels.sv,
    });
    expect(result.rows).toBe(4);
    // The two filtered lists first, then the view (no sortby: the service sorts this list by nothing).
    expect(queries).toEqual([{ limit: 500, filter: 'authorizepending' }, { limit: 500, filter: 'pendingpayment' }, { limit: 500 }]);
    const text = await fs.readFile(target, 'utf8');
    expect(text.split('\r\n')).toEqual([
      '\uFEFFLöpnr;Lev.nr;Leverantör;Fakturanr;Fakturadatum;Förfallodatum;Totalt;Saldo;Valuta;Status;OCR;Bokförd;Slutbetald;Attestant;Projekt;Kostnadsställe',
      '"1";"7";"Åkerby Grossist AB";"F-100";"2026-01-10";"2026-02-09";1250,50;1250,50;"SEK";"Obetald";"";"SANT";"";"";"";"ADM"',
      `"2";"7";"'=HYPERLINK(""x"")";"F-100";"2026-01-10";"2026-02-09";1250,50;0,00;"SEK";"Betald";"";"SANT";"2026-02-01";"Karin";"";"ADM"`,
      '"3";"7";"Åkerby Grossist AB";"F-100";"2026-01-10";"2026-02-09";-200,00;-200,00;"EUR";"Att attestera";"";"FALSKT";"";"";"";"ADM"',
      '"4";"7";"Åkerby Grossist AB";"F-100";"2026-01-10";"2026-02-09";1250,50;1250,50;"SEK";"Betalning pågår";"";"SANT";"";"";"";"ADM"',
      '',
    ]);
  });

  it('the service query: what only the copy answers is refused with the reason; a lone sortorder is dropped', () => {
    expect(supplierExport.serviceQuery({ limit: 50, sortorder: 'descending', filter: 'unpaid' })).toEqual({ limit: 50, filter: 'unpaid' });
    for (const key of ['sortby', 'text', 'fromduedate', 'currency', 'supplier']) {
      const error = (() => {
        try {
          supplierExport.serviceQuery({ limit: 50, [key]: key === 'sortby' ? 'duedate' : key === 'fromduedate' ? '2026-01-01' : key === 'currency' ? 'EUR' : 'x' });
        } catch (e) {
          return e;
        }
        return undefined;
      })();
      expect(error, key).toMatchObject({ kind: 'bad-request', field: key });
      expect((error as ApiError).message).toContain('local copy');
    }
    expect(supplierExport.localQuery({ limit: 50, sortby: 'duedate', sortorder: 'descending' })).toEqual({ limit: 50, sortby: 'duedate', sortorder: 'descending' });
  });

  it("a supplier export's scope error stays off the company's status; a customer export's does not", async () => {
    const reported: string[] = [];
    const failing = { ...fakeSession([]), listPages: () => ({ [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new ApiError('scope-missing', { message: 'no' })) }) }) };
    const events: ExportProgress[] = [];
    const exports = createExportService({
      clock: systemClock,
      session: async () => failing as unknown as CompanySession,
      companyName: () => 'Acme',
      language: async () => 'en',
      chooseFile: async (name) => path.join(dir, name),
      emit: (event) => events.push(event),
      reportError: (_id, kind) => reported.push(kind),
      log: () => undefined,
    });
    const settle = async (jobId: string) => {
      while (!events.some((e) => e.jobId === jobId && e.state === 'failed')) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const supplier = await exports.start({ resource: 'supplierinvoices', companyId: 'c1', query: { limit: 50 }, selection: { kind: 'all' }, columns: ['givenNumber'], format: 'standard' });
    await settle(supplier?.jobId as string);
    expect(events.find((e) => e.state === 'failed')?.fileName).toBe(`Acme supplier invoices ${events[0]?.fileName.slice(-14, -4)}.csv`);
    expect(reported).toEqual([]);
    const customer = await exports.start({ resource: 'invoices', companyId: 'c1', query: { limit: 50 }, selection: { kind: 'all' }, columns: ['documentNumber'], format: 'standard' });
    await settle(customer?.jobId as string);
    expect(reported).toEqual(['scope-missing']);
    expect(await fs.readdir(dir)).toEqual([]);
  });
});
