// GET /3/customers and GET /3/customers/{CustomerNumber} (docs/service.md, Customers): scope `customer`,
// the token's shared rate limit, licence and scope checks (guardResource), as every /3/ resource.
// The list item carries the register's contact fields (strings) and `Active` (a boolean: assumed,
// and the app also reads the strings "true"/"false"); terms of payment, type, VAT type and
// currency come only with the single customer. Values are sent as stored, so a test's malformed
// record (control.updateCustomer) reaches the client exactly as a real odd answer would.

import { filterWithSearchRefused } from './list-params';
import { ERROR_CODES, errorReply } from './errors';
import { jsonReply, type Reply } from './http';
import type { StoredCustomer } from './customer-data';
import { parseCustomerQuery, runCustomerQuery } from './customer-query';
import { guardResource } from './resource-guard';
import type { ServiceState } from './state';

export const CUSTOMER_SCOPE = 'customer';

/** Fields only the single customer carries; every other stored field (an unknown one a test added too) is in the list item. */
const SINGLE_ONLY = new Set(['Currency', 'TermsOfPayment', 'Type', 'VATType']);

/** Keys in code-unit order, as the service sends them ('@url' sorts first). */
function ordered(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(fields).sort().map((key) => [key, fields[key]]));
}

function withUrl(record: StoredCustomer, apiUrl: string, fields: Record<string, unknown>): Record<string, unknown> {
  return ordered({ ...fields, '@url': `${apiUrl}/3/customers/${encodeURIComponent(record.number)}` });
}

/** One list item: `@url` and the stored fields but the single customer's own. */
export function customerItem(record: StoredCustomer, apiUrl: string): Record<string, unknown> {
  const listed = Object.fromEntries(Object.entries(record.fields).filter(([key]) => !SINGLE_ONLY.has(key)));
  return withUrl(record, apiUrl, listed);
}

export function handleCustomerList(state: ServiceState, authorization: string | undefined, params: URLSearchParams): Reply {
  const guarded = guardResource(state, authorization, CUSTOMER_SCOPE);
  if ('reply' in guarded) return guarded.reply;
  const parsed = parseCustomerQuery(params);
  if ('error' in parsed) return parsed.error;
  const { query } = parsed;
  const refused = filterWithSearchRefused(state.quirks.oneResourceParameter, query);
  if (refused) return refused;
  const result = runCustomerQuery(guarded.caller.company.customers, query);
  return jsonReply(200, {
    MetaInformation: { '@TotalResources': result.total, '@TotalPages': result.totalPages, '@CurrentPage': query.page },
    Customers: result.page.map((record) => customerItem(record, state.urls.apiUrl)),
  });
}

/** GET /3/customers/{CustomerNumber}: `{"Customer":{...}}`; an unknown number is a 404 (code assumed, see errors.ts). */
export function handleCustomerGet(state: ServiceState, authorization: string | undefined, customerNumber: string): Reply {
  const guarded = guardResource(state, authorization, CUSTOMER_SCOPE);
  if ('reply' in guarded) return guarded.reply;
  const record = guarded.caller.company.customers.get(customerNumber);
  if (!record) return errorReply(404, ERROR_CODES.customerNotFound, 'Kan inte hitta kunden.');
  return jsonReply(200, { Customer: withUrl(record, state.urls.apiUrl, record.fields) });
}

