/**
 * Shared by the mirror's SQL tests (owed-sql, cash-outlook-sql): a copy filled with given invoices,
 * and the numbers of the invoices a view of it shows, sorted, to compare with the invoices the test
 * itself picked by the definitions (common/owed.ts, common/cash-outlook.ts).
 */
import type { Invoice } from '../../../electron/common/invoices';
import type { SupplierInvoice } from '../../../electron/common/supplier-invoices';
import { openInlineMirror, type MirrorApi } from '../../../electron/mirror/access/mirror-api';

type Numbered = { documentNumber: string } | { givenNumber: string };

/** The invoices' numbers (DocumentNumber or GivenNumber), in numeric order. */
export const numbers = (rows: readonly Numbered[]): string[] => rows.map((r) => ('documentNumber' in r ? r.documentNumber : r.givenNumber)).sort((a, b) => Number(a) - Number(b));

/** A copy holding exactly these invoices, each resource read once in full and finished at `finishedAt` (ms), with the supplier invoices' pending flags set. */
export async function copyOf(file: string, customerInvoices: Invoice[], supplierInvoices: SupplierInvoice[], finishedAt: number): Promise<MirrorApi> {
  const mirror = openInlineMirror(file);
  await mirror.beginInterval('invoices', { kind: 'full', startMs: 0, lastmodified: null });
  await mirror.savePage('invoices', customerInvoices, 1, customerInvoices.length);
  await mirror.finishInterval('invoices', finishedAt);
  await mirror.beginInterval('supplierinvoices', { kind: 'full', startMs: 0, lastmodified: null });
  await mirror.savePage('supplierinvoices', supplierInvoices, 1, supplierInvoices.length);
  await mirror.finishInterval('supplierinvoices', finishedAt);
  // The two states the list item lacks: the sync reads them from the filtered lists.
  await mirror.setPendingFlag('supplierinvoices', 'authorize_pending', supplierInvoices.filter((i) => i.authorizePending).map((i) => i.givenNumber));
  await mirror.setPendingFlag('supplierinvoices', 'payment_pending', supplierInvoices.filter((i) => i.paymentPending).map((i) => i.givenNumber));
  return mirror;
}

/** The numbers a customer or supplier view of the copy shows on `today` (every row of it). */
export function viewsOf(mirror: () => MirrorApi, today: string) {
  return {
    customers: (query: Record<string, unknown>): Promise<string[]> => mirror().listRows('invoices', { limit: 500, ...query }, today, 0, 10_000).then(numbers),
    suppliers: (query: Record<string, unknown>): Promise<string[]> => mirror().listRows('supplierinvoices', { limit: 500, ...query }, today, 0, 10_000).then(numbers),
  };
}
