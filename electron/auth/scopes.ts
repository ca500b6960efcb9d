/**
 * The scopes a new connection asks for. Every scope of the service grants write access too
 * (docs/service.md, Scopes grant writing: there is no read-only scope), so the app asks for what it shows and no more:
 *  - invoice, companyinformation: the customer invoices and the company's name;
 *  - supplierinvoice: the supplier invoices (the `supplier` scope alone does not reach them);
 *  - customer: the customer register (names, contact details, active or not);
 *  - payment: the payments of both sides (when an invoice was paid, in how many parts); like every
 *    scope it also grants writing payments, which the app never does;
 *  - connectfile and archive, only with Settings → "Show scanned supplier invoices" (on by
 *    default): the scan connected to a supplier invoice is read from the company's file archive,
 *    and `archive` opens the whole archive, so an owner who does not want that turns it off
 *    before connecting.
 */
export const BASE_SCOPES = ['invoice', 'companyinformation', 'supplierinvoice', 'customer', 'payment'] as const;
export const SCAN_SCOPES = ['connectfile', 'archive'] as const;

export function requestedScopes(showScans: boolean): string[] {
  return [...BASE_SCOPES, ...(showScans ? SCAN_SCOPES : [])];
}
