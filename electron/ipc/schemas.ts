/**
 * The zod schema of every invoke channel's arguments (a tuple: the arguments as the window passes
 * them). Main process only: ipc/handlers.ts parses every call with it before a handler runs, and
 * contract.ts derives the argument types from it. Constants come from common/, so the schema and
 * the window's own lists can never disagree.
 */
import { z } from 'zod';
import type { InvokeChannel } from '../common/channels';
import { exportColumnIds, exportFormats } from '../common/export';
import { dateRangePresets, filters, invoiceScopes, localSortFields, maxPageSize, requestPriorities, searchFields, sortOrders } from '../common/invoices';
import { isResourceId, resourceIds, type ResourceId } from '../common/resources';
import { languages } from '../common/settings';
import { supplierFilters, supplierScopes, supplierSearchFields, supplierSortFields } from '../common/supplier-invoices';
import { supplierExportColumnIds } from '../common/supplier-export';

/** A tuple schema per list, its first element the list's id. */
type PerResourceTuples = { [R in ResourceId]: z.ZodType<[R, ...unknown[]]> };

/**
 * The arguments of a channel that takes a list's id first: a union of the lists' own tuples,
 * discriminated by that id (zod's discriminated union is for objects). An unknown id is refused
 * as argument 0; any other fault is reported where the list's own tuple finds it.
 */
function byResource<T extends PerResourceTuples>(tuples: T): z.ZodType<z.output<T[ResourceId]>> {
  return z.array(z.unknown()).transform((args, ctx): z.output<T[ResourceId]> => {
    const resource = args[0];
    if (!isResourceId(resource)) {
      ctx.issues.push({ code: 'custom', message: `the list is one of ${resourceIds.join(', ')}`, path: [0], input: resource });
      return z.NEVER;
    }
    const parsed = tuples[resource].safeParse(args);
    if (parsed.success) return parsed.data as z.output<T[ResourceId]>;
    for (const issue of parsed.error.issues) ctx.issues.push({ code: 'custom', message: issue.message, path: issue.path, input: args });
    return z.NEVER;
  }) as unknown as z.ZodType<z.output<T[ResourceId]>>;
}

export const invokeSchemas = (() => {
  const id = z.string().min(1).max(100);
  const text = (max: number) => z.string().max(max);
  const httpUrl = z
    .string()
    .max(2000)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    }, 'must be an http(s) URL');
  const pageNumber = z.number().int().min(1).max(1_000_000);
  /** An invoice's identity: digits in a string. */
  const documentNumber = z.string().regex(/^\d{1,20}$/, 'an invoice number is digits');
  /** The API core checks that it is a real date and that from <= to. */
  const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date is YYYY-MM-DD');
  const gridQueryShape = {
    limit: z.number().int().min(1).max(maxPageSize),
    sortby: z.enum(localSortFields).optional(),
    sortorder: z.enum(sortOrders).optional(),
    filter: z.enum(filters).optional(),
    fromdate: isoDate.optional(),
    todate: isoDate.optional(),
    search: z.object({ field: z.enum(searchFields), value: text(200) }).strict().optional(),
    text: text(200).optional(),
    fromduedate: isoDate.optional(),
    toduedate: isoDate.optional(),
    currency: z.string().regex(/^[A-Z]{3}$/, 'a currency is three capital letters').optional(),
    scope: z.enum(invoiceScopes).optional(),
    customer: text(50).optional(),
    fromfinalpaydate: isoDate.optional(),
    tofinalpaydate: isoDate.optional(),
    fromexpecteddate: isoDate.optional(),
    toexpecteddate: isoDate.optional(),
  };
  const dateRange = z.object({ preset: z.enum(dateRangePresets), from: isoDate.optional(), to: isoDate.optional() }).strict();
  const viewState = z
    .object({
      sortby: gridQueryShape.sortby,
      sortorder: gridQueryShape.sortorder,
      filter: gridQueryShape.filter,
      search: gridQueryShape.search,
      dateRange: dateRange.optional(),
      text: gridQueryShape.text,
      dueRange: dateRange.optional(),
      currency: gridQueryShape.currency,
      scope: gridQueryShape.scope,
      customer: gridQueryShape.customer,
      finalPayRange: z.object({ from: isoDate.optional(), to: isoDate.optional() }).strict().optional(),
      expectedRange: z.object({ from: isoDate.optional(), to: isoDate.optional() }).strict().optional(),
      limit: z.number().int().min(1).max(maxPageSize),
      columns: z.array(z.enum(exportColumnIds)).max(exportColumnIds.length),
    })
    .strict();
  const supplierQueryShape = {
    limit: gridQueryShape.limit,
    sortby: z.enum(supplierSortFields).optional(),
    sortorder: gridQueryShape.sortorder,
    filter: z.enum(supplierFilters).optional(),
    fromdate: isoDate.optional(),
    todate: isoDate.optional(),
    search: z.object({ field: z.enum(supplierSearchFields), value: text(200) }).strict().optional(),
    text: gridQueryShape.text,
    fromduedate: isoDate.optional(),
    toduedate: isoDate.optional(),
    currency: gridQueryShape.currency,
    supplier: text(50).optional(),
    scope: z.enum(supplierScopes).optional(),
  };
  const supplierViewState = z
    .object({
      sortby: supplierQueryShape.sortby,
      sortorder: supplierQueryShape.sortorder,
      filter: supplierQueryShape.filter,
      search: supplierQueryShape.search,
      dateRange: dateRange.optional(),
      text: supplierQueryShape.text,
      dueRange: dateRange.optional(),
      currency: supplierQueryShape.currency,
      supplier: supplierQueryShape.supplier,
      scope: supplierQueryShape.scope,
      limit: supplierQueryShape.limit,
      columns: z.array(z.enum(supplierExportColumnIds)).max(supplierExportColumnIds.length),
    })
    .strict();
  const exportSelection = z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('all') }).strict(),
    z.object({ kind: z.literal('pages'), pages: z.array(pageNumber).min(1).max(10_000) }).strict(),
    z.object({ kind: z.literal('range'), from: pageNumber, to: pageNumber }).strict().refine((r) => r.from <= r.to, 'from must not be after to'),
    z.object({ kind: z.literal('rows'), page: pageNumber, documentNumbers: z.array(text(30)).min(1).max(500) }).strict(),
  ]);

  /** Each list's own query (without its page) and saved view: the one table the lists:* and export:start schemas read. */
  const lists = {
    invoices: { query: gridQueryShape, view: viewState, columns: exportColumnIds },
    supplierinvoices: { query: supplierQueryShape, view: supplierViewState, columns: supplierExportColumnIds },
  } as const;
  const priority = z.enum(requestPriorities);

  return {
    'app:getInfo': z.tuple([]),
    'settings:get': z.tuple([]),
    'settings:update': z.tuple([
      z
        .object({
          authUrl: httpUrl.optional(),
          apiUrl: httpUrl.optional(),
          clientId: text(200).optional(),
          /** Write-only: an empty string removes the stored secret. */
          clientSecret: text(500).optional(),
          redirectPort: z.number().int().min(1024).max(65535).nullable().optional(),
          language: z.enum(languages).optional(),
          /** Asks the user in a native dialog before it takes effect. */
          allowWeakSecretStorage: z.boolean().optional(),
          /** Keep a local copy of every company's invoices (on by default); off deletes the copies. */
          localCopy: z.boolean().optional(),
          /** Ask new connections for connectfile and archive (supplier invoices' scans). */
          supplierScans: z.boolean().optional(),
        })
        .strict(),
    ]),
    'companies:list': z.tuple([]),
    'companies:setActive': z.tuple([id]),
    'companies:rename': z.tuple([id, z.string().trim().min(1).max(120)]),
    'companies:disconnect': z.tuple([id]),
    /** Starts the browser flow: a new company, or a reconnect of `companyId`. */
    /** `serviceAccount`: the administrator's approval of a service account instead (account_type=service). */
    'connect:start': z.tuple([z.object({ demo: z.boolean(), reconnectCompanyId: id.optional(), serviceAccount: z.literal(true).optional() }).strict()]),
    'connect:cancel': z.tuple([id]),
    'connect:serviceAccount': z.tuple([z.object({ tenantId: z.string().regex(/^\d{1,20}$/, 'TenantId is digits') }).strict()]),
    /** The optional request id lets the renderer cancel a page it no longer needs (lists:cancel). */
    'lists:page': byResource({
      invoices: z.tuple([z.literal('invoices'), id, z.object({ page: pageNumber, ...lists.invoices.query }).strict(), priority, id.optional()]),
      supplierinvoices: z.tuple([z.literal('supplierinvoices'), id, z.object({ page: pageNumber, ...lists.supplierinvoices.query }).strict(), priority, id.optional()]),
    }),
    'lists:cancel': z.tuple([id]),
    'lists:getView': byResource({ invoices: z.tuple([z.literal('invoices'), id]), supplierinvoices: z.tuple([z.literal('supplierinvoices'), id]) }),
    'lists:saveView': byResource({
      invoices: z.tuple([z.literal('invoices'), id, lists.invoices.view]),
      supplierinvoices: z.tuple([z.literal('supplierinvoices'), id, lists.supplierinvoices.view]),
    }),
    'invoices:get': z.tuple([id, documentNumber]),
    'invoices:openPdf': z.tuple([id, documentNumber]),
    'invoices:savePdf': z.tuple([id, documentNumber]),
    'supplierInvoices:get': z.tuple([id, documentNumber]),
    'supplierInvoices:openScan': z.tuple([id, documentNumber]),
    'supplierInvoices:saveScan': z.tuple([id, documentNumber]),
    /** `resource` names the grid: customer invoices or supplier invoices, each with its own query and columns. */
    'export:start': z.tuple([
      z.discriminatedUnion('resource', [
        z
          .object({
            resource: z.literal('invoices'),
            companyId: id,
            query: z.object(lists.invoices.query).strict(),
            selection: exportSelection,
            /** The grid's visible columns in order; their headers are the labels of the UI language. */
            columns: z.array(z.enum(lists.invoices.columns)).min(1).max(lists.invoices.columns.length),
            format: z.enum(exportFormats),
          })
          .strict(),
        z
          .object({
            resource: z.literal('supplierinvoices'),
            companyId: id,
            query: z.object(lists.supplierinvoices.query).strict(),
            /** Selected rows by GivenNumber (digits). */
            selection: exportSelection,
            columns: z.array(z.enum(lists.supplierinvoices.columns)).min(1).max(lists.supplierinvoices.columns.length),
            format: z.enum(exportFormats),
          })
          .strict(),
      ]),
    ]),
    'export:cancel': z.tuple([id]),
    /** Runs a failed or cancelled job again, to the same file. */
    'export:retry': z.tuple([id]),
    'export:list': z.tuple([]),
    'sync:status': z.tuple([]),
    'sync:now': z.tuple([id, z.object({ full: z.boolean() }).strict()]),
    'receivables:overview': z.tuple([id]),
    'receivables:all': z.tuple([]),
  } as const satisfies Record<InvokeChannel, z.ZodType<unknown[]>>;
})();
