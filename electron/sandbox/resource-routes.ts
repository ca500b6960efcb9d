// Which route a request path is, and the /3/ resource handlers behind each route (GET only; the
// server checks the method). The route names are those of faults and counters' byRoute.

import { handleCompanyInformation } from './company-route';
import { CUSTOMER_REGISTER } from './customer-route';
import type { Reply } from './http';
import { handleInvoiceGet, handleInvoiceList, handleInvoicePreview, handleInvoicePrint } from './invoices-route';
import { handlePaymentGet, handlePaymentList } from './payment-route';
import { handleRegisterGet, handleRegisterList } from './register-route';
import { API_PREFIX, AUTH_PREFIX, type ServiceState } from './state';
import { handleArchiveFile, handleFileConnections } from './supplier-files-route';
import { SUPPLIER_REGISTER } from './supplier-register-route';
import { handleSupplierInvoiceGet, handleSupplierInvoiceList } from './supplier-route';
import type { InvoiceEndpoint, SandboxRoute, SupplierInvoiceEndpoint } from './types';

export type RouteName = SandboxRoute | 'other';

const INVOICE_PATH = /^\/3\/invoices\/?$/;
/** One invoice, its preview (the PDF) or its print (the PDF, and the invoice is marked sent). */
const ONE_INVOICE_PATH = /^\/3\/invoices\/([^/]+)(?:\/(preview|print))?$/;
const SUPPLIER_INVOICE_PATH = /^\/3\/supplierinvoices\/?$/;
const ONE_SUPPLIER_INVOICE_PATH = /^\/3\/supplierinvoices\/([^/]+)$/;
const FILE_CONNECTIONS_PATH = /^\/3\/supplierinvoicefileconnections\/?$/;
/** One archive file by its FileId (the archive's folder listing is not part of the sandbox). */
const ARCHIVE_FILE_PATH = /^\/3\/archive\/([^/]+)$/;
const CUSTOMER_PATH = /^\/3\/customers\/?$/;
const ONE_CUSTOMER_PATH = /^\/3\/customers\/([^/]+)$/;
const SUPPLIER_PATH = /^\/3\/suppliers\/?$/;
const ONE_SUPPLIER_PATH = /^\/3\/suppliers\/([^/]+)$/;
const PAYMENT_PATH = /^\/3\/invoicepayments\/?$/;
const ONE_PAYMENT_PATH = /^\/3\/invoicepayments\/([^/]+)$/;
const SUPPLIER_PAYMENT_PATH = /^\/3\/supplierinvoicepayments\/?$/;
const ONE_SUPPLIER_PAYMENT_PATH = /^\/3\/supplierinvoicepayments\/([^/]+)$/;

/** Which invoice endpoint an 'invoices' path is (for the counters). */
function invoiceEndpoint(apiPath: string): InvoiceEndpoint {
  const one = ONE_INVOICE_PATH.exec(apiPath);
  if (!one) return 'list';
  return one[2] === 'preview' || one[2] === 'print' ? one[2] : 'get';
}

export function routeOf(path: string): RouteName {
  if (path.startsWith(`${AUTH_PREFIX}/`)) {
    const rest = path.slice(AUTH_PREFIX.length);
    if (rest === '/oauth-v1/auth') return 'auth';
    if (rest === '/oauth-v1/token') return 'token';
    if (rest === '/oauth-v1/revoke') return 'revoke';
  } else if (path.startsWith(`${API_PREFIX}/`)) {
    const rest = path.slice(API_PREFIX.length);
    if (INVOICE_PATH.test(rest) || ONE_INVOICE_PATH.test(rest)) return 'invoices';
    if (rest === '/3/companyinformation') return 'companyinformation';
    if (SUPPLIER_INVOICE_PATH.test(rest) || ONE_SUPPLIER_INVOICE_PATH.test(rest)) return 'supplierinvoices';
    if (FILE_CONNECTIONS_PATH.test(rest)) return 'supplierinvoicefileconnections';
    if (ARCHIVE_FILE_PATH.test(rest)) return 'archive';
    if (CUSTOMER_PATH.test(rest) || ONE_CUSTOMER_PATH.test(rest)) return 'customers';
    if (SUPPLIER_PATH.test(rest) || ONE_SUPPLIER_PATH.test(rest)) return 'suppliers';
    if (PAYMENT_PATH.test(rest) || ONE_PAYMENT_PATH.test(rest)) return 'invoicepayments';
    if (SUPPLIER_PAYMENT_PATH.test(rest) || ONE_SUPPLIER_PAYMENT_PATH.test(rest)) return 'supplierinvoicepayments';
  }
  return 'other';
}

/** The endpoint within a route, for the counters (invoiceEndpoints, supplierInvoiceEndpoints). */
export function endpointOf(route: RouteName, apiPath: string): { invoice?: InvoiceEndpoint; supplierInvoice?: SupplierInvoiceEndpoint } | undefined {
  if (route === 'invoices') return { invoice: invoiceEndpoint(apiPath) };
  if (route === 'supplierinvoices') return { supplierInvoice: ONE_SUPPLIER_INVOICE_PATH.test(apiPath) ? 'get' : 'list' };
  return undefined;
}

export function dispatchResource(state: ServiceState, route: Exclude<RouteName, 'auth' | 'token' | 'revoke' | 'other'>, apiPath: string, authorization: string | undefined, params: URLSearchParams): Reply {
  switch (route) {
    case 'invoices': {
      const one = ONE_INVOICE_PATH.exec(apiPath);
      if (!one) return handleInvoiceList(state, authorization, params);
      const documentNumber = decodeURIComponent(one[1] ?? '');
      if (one[2] === 'preview') return handleInvoicePreview(state, authorization, documentNumber);
      if (one[2] === 'print') return handleInvoicePrint(state, authorization, documentNumber);
      return handleInvoiceGet(state, authorization, documentNumber);
    }
    case 'companyinformation':
      return handleCompanyInformation(state, authorization);
    case 'supplierinvoices': {
      const one = ONE_SUPPLIER_INVOICE_PATH.exec(apiPath);
      if (!one) return handleSupplierInvoiceList(state, authorization, params);
      return handleSupplierInvoiceGet(state, authorization, decodeURIComponent(one[1] ?? ''));
    }
    case 'supplierinvoicefileconnections':
      return handleFileConnections(state, authorization, params);
    case 'archive':
      return handleArchiveFile(state, authorization, decodeURIComponent(ARCHIVE_FILE_PATH.exec(apiPath)?.[1] ?? ''));
    case 'customers':
    case 'suppliers': {
      const [register, onePath] = route === 'customers' ? [CUSTOMER_REGISTER, ONE_CUSTOMER_PATH] : [SUPPLIER_REGISTER, ONE_SUPPLIER_PATH];
      const one = onePath.exec(apiPath);
      if (!one) return handleRegisterList(register, state, authorization, params);
      return handleRegisterGet(register, state, authorization, decodeURIComponent(one[1] ?? ''));
    }
    case 'invoicepayments':
    case 'supplierinvoicepayments': {
      const side = route === 'invoicepayments' ? 'customer' : 'supplier';
      const one = (side === 'customer' ? ONE_PAYMENT_PATH : ONE_SUPPLIER_PAYMENT_PATH).exec(apiPath);
      if (!one) return handlePaymentList(side, state, authorization, params);
      return handlePaymentGet(side, state, authorization, decodeURIComponent(one[1] ?? ''));
    }
  }
}
