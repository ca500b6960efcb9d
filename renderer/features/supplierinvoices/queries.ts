/** The whole supplier invoice of the details panel: cached like pages (five minutes), per company and GivenNumber. */
import { useQuery } from '@tanstack/react-query';
import type { SupplierInvoiceDocument } from '../../../electron/ipc/contract';
import { desk, unwrap, type DeskError } from '../../api';
import { INVOICE_GC_MS, INVOICE_STALE_MS } from '../grid/queries';

export function useSupplierInvoiceDocument(companyId: string, givenNumber: string, enabled = true) {
  return useQuery<SupplierInvoiceDocument, DeskError>({
    enabled,
    queryKey: ['supplierInvoiceDocument', companyId, givenNumber],
    queryFn: () => unwrap(desk().supplierinvoices.get(companyId, givenNumber)),
    staleTime: INVOICE_STALE_MS,
    gcTime: INVOICE_GC_MS,
    // A missing invoice will not appear on a second try.
    retry: (failures, error) => error.kind !== 'not-found' && failures < 1,
  });
}
