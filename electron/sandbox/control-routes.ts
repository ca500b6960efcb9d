// The control object over HTTP, for a sandbox running in another process (the CLI with
// --control-routes, a harness). Only mounted when `controlRoutes` is true; the server binds
// 127.0.0.1 only. Bodies are JSON, checked with zod; errors are 400 {"error": "..."}.
//
//   GET    /sandbox/clock                                  -> {"clockOffsetMs"}
//   POST   /sandbox/clock/advance            {"ms"}        -> {"clockOffsetMs"}
//   PUT    /sandbox/rate-limits              RateLimits | false
//   POST   /sandbox/faults                   {"route","fault"}
//   DELETE /sandbox/faults
//   GET    /sandbox/counters
//   POST   /sandbox/counters/reset
//   POST   /sandbox/authorize                {"tenantId","scopes","redirectUri","clientId"?,"codeChallenge"?} -> {"code"}
//   POST   /sandbox/tokens                   {"tenantId","scopes"} -> token pair
//   POST   /sandbox/access-tokens/expire
//   POST   /sandbox/refresh-tokens/status   {"token"}     -> {"status"}
//   GET    /sandbox/companies/{tenantId}/invoices
//   POST   /sandbox/companies/{tenantId}/invoices          partial invoice -> {"DocumentNumber"}
//   PATCH  /sandbox/companies/{tenantId}/invoices/{DocumentNumber}   patch
//   DELETE /sandbox/companies/{tenantId}/invoices/{DocumentNumber}   (a draft only)
//   GET    /sandbox/companies/{tenantId}/supplierinvoices
//   POST   /sandbox/companies/{tenantId}/supplierinvoices  partial supplier invoice -> {"GivenNumber"}
//   PATCH  /sandbox/companies/{tenantId}/supplierinvoices/{GivenNumber}   patch
//   DELETE /sandbox/companies/{tenantId}/supplierinvoices/{GivenNumber}   (an unbooked one only)
//   PUT    /sandbox/companies/{tenantId}/supplierinvoices/{GivenNumber}/scan  {"ContentType","FileId"?,"Name"?,"Size"?} | null -> the scan
//   GET    /sandbox/companies/{tenantId}/customers
//   POST   /sandbox/companies/{tenantId}/customers         raw fields -> the customer
//   PATCH  /sandbox/companies/{tenantId}/customers/{CustomerNumber}  raw fields, "$remove": [names]
//   GET    /sandbox/companies/{tenantId}/suppliers
//   POST   /sandbox/companies/{tenantId}/suppliers         raw fields -> the supplier
//   PATCH  /sandbox/companies/{tenantId}/suppliers/{SupplierNumber}  raw fields, "$remove": [names]
//   GET    /sandbox/companies/{tenantId}/invoicepayments
//   POST   /sandbox/companies/{tenantId}/invoicepayments   raw fields, "$remove": [names] -> the payment
//   GET    /sandbox/companies/{tenantId}/supplierinvoicepayments
//   POST   /sandbox/companies/{tenantId}/supplierinvoicepayments  raw fields, "$remove": [names] -> the payment
//   PUT    /sandbox/companies/{tenantId}/licensed          {"licensed"}

import { z } from 'zod';
import { jsonReply, type Reply } from './http';
import { SANDBOX_ROUTES, type SandboxControl } from './types';

const range = z.tuple([z.number().min(0), z.number().min(0)]);
const rateLimits = z.union([
  z.literal(false),
  z.strictObject({
    perTokenWindowMs: z.number().positive().optional(),
    perTokenMax: z.number().positive().optional(),
    perTenantWindowMs: z.number().positive().optional(),
    perTenantMax: z.number().positive().optional(),
  }),
]);
const fault = z.strictObject({
  latencyMs: range.optional(),
  errorRate: z.number().min(0).max(1).optional(),
  status: z.number().int().min(400).max(599).optional(),
  code: z.number().int().positive().optional(),
  message: z.string().optional(),
  body: z.enum(['json', 'empty', 'html']).optional(),
  resetRate: z.number().min(0).max(1).optional(),
  malformedJsonRate: z.number().min(0).max(1).optional(),
  burst429: z.number().int().min(0).optional(),
  count: z.number().int().min(0).optional(),
});
const faultRequest = z.strictObject({ route: z.enum(SANDBOX_ROUTES), fault });
const authorizeRequest = z.strictObject({
  tenantId: z.string(),
  scopes: z.array(z.string()),
  redirectUri: z.string(),
  clientId: z.string().optional(),
  codeChallenge: z.string().optional(),
});
const tokensRequest = z.strictObject({ tenantId: z.string(), scopes: z.array(z.string()) });
const invoicePatch = z.strictObject({
  Balance: z.number().optional(),
  Booked: z.boolean().optional(),
  Cancelled: z.boolean().optional(),
  CostCenter: z.string().optional(),
  Currency: z.string().optional(),
  CurrencyRate: z.string().optional(),
  CurrencyUnit: z.number().optional(),
  CustomerName: z.string().optional(),
  CustomerNumber: z.string().optional(),
  DueDate: z.string().optional(),
  ExternalInvoiceReference1: z.string().optional(),
  ExternalInvoiceReference2: z.string().optional(),
  InvoiceDate: z.string().optional(),
  InvoiceType: z.string().optional(),
  NoxFinans: z.boolean().optional(),
  OCR: z.string().optional(),
  VoucherNumber: z.number().nullable().optional(),
  VoucherSeries: z.string().nullable().optional(),
  VoucherYear: z.number().nullable().optional(),
  WayOfDelivery: z.string().optional(),
  TermsOfPayment: z.string().optional(),
  Project: z.string().optional(),
  Sent: z.boolean().optional(),
  Total: z.number().optional(),
  FinalPayDate: z.string().nullable().optional(),
});

const supplierInvoicePatch = z.strictObject({
  SupplierNumber: z.string().optional(),
  SupplierName: z.string().optional(),
  InvoiceNumber: z.string().optional(),
  InvoiceDate: z.string().optional(),
  DueDate: z.string().optional(),
  FinalPayDate: z.string().optional(),
  Total: z.number().optional(),
  Balance: z.number().optional(),
  Currency: z.string().optional(),
  CurrencyRate: z.string().optional(),
  CurrencyUnit: z.number().optional(),
  Booked: z.boolean().optional(),
  Cancelled: z.boolean().optional(),
  OCR: z.string().optional(),
  CostCenter: z.string().optional(),
  Project: z.string().optional(),
  ExternalInvoiceNumber: z.string().optional(),
  ExternalInvoiceSeries: z.string().optional(),
  AuthorizerName: z.string().optional(),
  AuthorizePending: z.boolean().optional(),
  PaymentPending: z.boolean().optional(),
  Vouchers: z.array(z.strictObject({ Number: z.number(), Year: z.number(), Series: z.string(), ReferenceType: z.string() })).optional(),
});

const scanSpec = z
  .strictObject({
    ContentType: z.enum(['application/pdf', 'image/png', 'image/jpeg', 'image/tiff']),
    FileId: z.string().min(1).optional(),
    Name: z.string().optional(),
    Size: z.number().int().min(0).optional(),
  })
  .nullable();

/**
 * A customer's, a supplier's or a payment's raw fields: any JSON values, as the control object takes
 * them (register-types.ts, payment-types.ts). JSON has no `undefined`, so the fields to remove are named
 * in `"$remove"`.
 */
const rawFields = z.record(z.string(), z.unknown()).transform((raw, ctx) => {
  const { $remove: remove, ...fields } = raw;
  const names = z.array(z.string()).optional().safeParse(remove);
  if (!names.success) {
    ctx.addIssue({ code: 'custom', message: '"$remove" must be a list of field names' });
    return z.NEVER;
  }
  return { ...fields, ...Object.fromEntries((names.data ?? []).map((name) => [name, undefined])) };
});

function parseJson(body: string): unknown {
  if (body.trim() === '') return {};
  return JSON.parse(body);
}

export function handleControl(control: SandboxControl, method: string, path: string, body: string): Reply {
  const ok = (value: unknown = { ok: true }): Reply => jsonReply(200, value);
  try {
    const parts = path.split('/').filter(Boolean).map(decodeURIComponent); // ['sandbox', ...]
    const route = `${method} /${parts.slice(1, 2).join('/')}`;
    const rest = parts.slice(2);
    switch (route) {
      case 'GET /clock':
        if (rest.length === 0) return ok({ clockOffsetMs: control.clockOffsetMs });
        break;
      case 'POST /clock':
        if (rest.join('/') === 'advance') {
          const { ms } = z.strictObject({ ms: z.number().min(0) }).parse(parseJson(body));
          control.advanceClock(ms);
          return ok({ clockOffsetMs: control.clockOffsetMs });
        }
        break;
      case 'PUT /rate-limits':
        control.setRateLimits(rateLimits.parse(parseJson(body)));
        return ok();
      case 'POST /faults': {
        const request = faultRequest.parse(parseJson(body));
        control.injectFault(request.route, request.fault);
        return ok();
      }
      case 'DELETE /faults':
        control.clearFaults();
        return ok();
      case 'GET /counters':
        return ok(control.counters());
      case 'POST /counters':
        if (rest.join('/') === 'reset') {
          control.resetCounters();
          return ok();
        }
        break;
      case 'POST /authorize':
        return ok({ code: control.authorize(authorizeRequest.parse(parseJson(body))) });
      case 'POST /tokens':
        return ok(control.issueTokens(tokensRequest.parse(parseJson(body))));
      case 'POST /refresh-tokens':
        if (rest.join('/') === 'status') {
          const { token } = z.strictObject({ token: z.string() }).parse(parseJson(body));
          return ok({ status: control.refreshTokenStatus(token) });
        }
        break;
      case 'POST /access-tokens':
        if (rest.join('/') === 'expire') {
          control.expireAccessTokens();
          return ok();
        }
        break;
      default: {
        const [tenantId, what, documentNumber, part] = rest;
        if (parts[1] !== 'companies' || tenantId === undefined) break;
        if (method === 'GET' && what === 'invoices' && documentNumber === undefined) return ok(control.invoicesOf(tenantId));
        if (method === 'POST' && what === 'invoices' && documentNumber === undefined) {
          return ok({ DocumentNumber: control.addInvoice(tenantId, invoicePatch.parse(parseJson(body))) });
        }
        if (method === 'PATCH' && what === 'invoices' && documentNumber !== undefined) {
          control.updateInvoice(tenantId, documentNumber, invoicePatch.parse(parseJson(body)));
          return ok();
        }
        if (method === 'DELETE' && what === 'invoices' && documentNumber !== undefined) {
          control.deleteInvoice(tenantId, documentNumber);
          return ok();
        }
        if (what === 'supplierinvoices') {
          const givenNumber = documentNumber;
          if (method === 'GET' && givenNumber === undefined) return ok(control.supplierInvoicesOf(tenantId));
          if (method === 'POST' && givenNumber === undefined) {
            return ok({ GivenNumber: control.addSupplierInvoice(tenantId, supplierInvoicePatch.parse(parseJson(body))) });
          }
          if (method === 'PUT' && givenNumber !== undefined && part === 'scan' && rest.length === 4) {
            const spec = scanSpec.parse(parseJson(body));
            return ok(control.setSupplierScan(tenantId, givenNumber, spec ? { ContentType: spec.ContentType, ...(spec.FileId !== undefined ? { FileId: spec.FileId } : {}), ...(spec.Name !== undefined ? { Name: spec.Name } : {}), ...(spec.Size !== undefined ? { Size: spec.Size } : {}) } : null));
          }
          if (part !== undefined) break;
          if (method === 'PATCH' && givenNumber !== undefined) {
            control.updateSupplierInvoice(tenantId, givenNumber, supplierInvoicePatch.parse(parseJson(body)));
            return ok();
          }
          if (method === 'DELETE' && givenNumber !== undefined) {
            control.deleteSupplierInvoice(tenantId, givenNumber);
            return ok();
          }
        }
        const registers = {
          customers: { of: control.customersOf, add: control.addCustomer, update: control.updateCustomer },
          suppliers: { of: control.suppliersOf, add: control.addSupplier, update: control.updateSupplier },
        };
        const register = what === 'customers' || what === 'suppliers' ? registers[what] : undefined;
        if (register && part === undefined) {
          const number = documentNumber;
          if (method === 'GET' && number === undefined) return ok(register.of(tenantId));
          if (method === 'POST' && number === undefined) return ok(register.add(tenantId, rawFields.parse(parseJson(body))));
          if (method === 'PATCH' && number !== undefined) {
            register.update(tenantId, number, rawFields.parse(parseJson(body)));
            return ok();
          }
        }
        if ((what === 'invoicepayments' || what === 'supplierinvoicepayments') && documentNumber === undefined) {
          const customerSide = what === 'invoicepayments';
          if (method === 'GET') return ok(customerSide ? control.paymentsOf(tenantId) : control.supplierPaymentsOf(tenantId));
          if (method === 'POST') {
            const fields = rawFields.parse(parseJson(body));
            return ok(customerSide ? control.addPayment(tenantId, fields) : control.addSupplierPayment(tenantId, fields));
          }
        }
        if (method === 'PUT' && what === 'licensed' && documentNumber === undefined) {
          control.setLicensed(tenantId, z.strictObject({ licensed: z.boolean() }).parse(parseJson(body)).licensed);
          return ok();
        }
      }
    }
    return jsonReply(404, { error: `no control route ${method} ${path}` });
  } catch (error) {
    const message = error instanceof z.ZodError ? z.prettifyError(error) : error instanceof Error ? error.message : String(error);
    return jsonReply(400, { error: message });
  }
}
