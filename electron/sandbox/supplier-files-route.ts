// The scan of a supplier's invoice, reached the way docs/service.md describes (Supplier invoice scans): the file connection says
// which archive file belongs to which supplier invoice, the archive serves its bytes.
//   GET /3/supplierinvoicefileconnections[?supplierinvoicenumber=N]   scope connectfile
//   GET /3/archive/{FileId}                                          scope archive
// SupplierInvoiceNumber is the supplier invoice's GivenNumber. Its search is a SUBSTRING match like
// every search of the service (docs/service.md, Query parameters), so `supplierinvoicenumber=12` also finds 112 and 120:
// a client must keep the connection whose number is exactly its invoice's.

import { ERROR_CODES, errorReply } from './errors';
import { fileReply, jsonReply, type Reply } from './http';
import { pagingParams, repeatedParameter, searchParam } from './list-params';
import { guardResource } from './resource-guard';
import { scanBytes } from './scan-files';
import type { ServiceState } from './state';

export const CONNECT_FILE_SCOPE = 'connectfile';
export const ARCHIVE_SCOPE = 'archive';

const KNOWN = new Set(['page', 'limit', 'offset', 'supplierinvoicenumber']);

/** Paged like the other lists (limit ≤ 500, MetaInformation), in SupplierInvoiceNumber order. */
export function handleFileConnections(state: ServiceState, authorization: string | undefined, params: URLSearchParams): Reply {
  const guarded = guardResource(state, authorization, CONNECT_FILE_SCOPE);
  if ('reply' in guarded) return guarded.reply;
  const repeated = repeatedParameter(params, KNOWN);
  if (repeated) return repeated;
  const paging = pagingParams((name) => params.get(name));
  if ('error' in paging) return paging.error;
  const search = searchParam(params, ['supplierinvoicenumber'] as const);
  if ('error' in search) return search.error;
  const { page, limit, offset } = paging.value;
  const text = search.value?.text ?? null;
  const start = offset + (page - 1) * limit;
  const items: Array<Record<string, unknown>> = [];
  let total = 0;
  for (const record of guarded.caller.company.suppliers.records) {
    if (!record.Scan || (text !== null && !record.GivenNumber.includes(text))) continue;
    if (total >= start && items.length < limit) {
      items.push({ FileId: record.Scan.FileId, Name: record.Scan.Name, SupplierInvoiceNumber: record.GivenNumber, SupplierName: record.SupplierName });
    }
    total += 1;
  }
  return jsonReply(200, {
    MetaInformation: { '@TotalResources': total, '@TotalPages': Math.ceil(Math.max(0, total - offset) / limit), '@CurrentPage': page },
    SupplierInvoiceFileConnections: items,
  });
}

/** The file's bytes with its own Content-Type (application/pdf, image/png or image/jpeg). */
export function handleArchiveFile(state: ServiceState, authorization: string | undefined, fileId: string): Reply {
  const guarded = guardResource(state, authorization, ARCHIVE_SCOPE);
  if ('reply' in guarded) return guarded.reply;
  const { company } = guarded.caller;
  const record = company.suppliers.byFile(fileId);
  if (!record?.Scan) return errorReply(404, ERROR_CODES.invoiceNotFound, 'Kan inte hitta filen.');
  return fileReply(scanBytes(record, company.profile.name), record.Scan.ContentType, record.Scan.Name);
}
