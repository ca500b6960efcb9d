/**
 * The zod schema of every invoke channel's arguments (a tuple: the arguments as the window passes
 * them). Main process only: ipc/handlers.ts parses every call with it before a handler runs, and
 * contract.ts derives the argument types from it. Constants come from common/, so the schema and
 * the window's own lists can never disagree.
 */
import { z } from 'zod';
import type { InvokeChannel } from '../common/channels';
import { exportFormats, type ExportRequest } from '../common/export';
import { dateRangePresets, maxPageSize, requestPriorities, sortOrders, type RequestPriority } from '../common/list-primitives';
import { keysOf, localSortFieldsOf, type AnyListDescription, type OwnKey } from '../common/lists/list-description';
import { columnIdsOf, lists } from '../common/lists/registry';
import { isResourceId, resourceIds, type ResourceId, type ResourceViews } from '../common/resources';
import { languages } from '../common/settings';
import { DIGEST_PAGE_MAX, digestKinds, notifyGroupIds, snoozeChoices, type NotifyGroup } from '../common/digest';
import { CUSTOMER_NUMBER } from '../common/customers';
import { COMPANY_NAME_MAX_LENGTH, MAX_TAGS, TAG_MAX_LENGTH } from '../common/companies';

/** A list's saved view as the window sends it: its columns are the list's own ids. */
type SavedView<R extends ResourceId> = Omit<ResourceViews[R]['view'], 'columns'> & { columns: ResourceViews[R]['column'][] };

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
  const calendarDay = isoDate.refine((day) => {
    const ms = Date.parse(`${day}T00:00:00Z`);
    return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === day && day >= '1900-01-01' && day <= '2999-12-31';
  }, 'not a day of the calendar');
  const customerNumber = z.string().regex(CUSTOMER_NUMBER, 'a CustomerNumber is letters, digits, - _ . (at most 50)');
  const dateRange = z.object({ preset: z.enum(dateRangePresets), from: isoDate.optional(), to: isoDate.optional() }).strict();
  const bounds = z.object({ from: isoDate.optional(), to: isoDate.optional() }).strict();
  const oneOf = (values: readonly string[]) => z.enum(values);
  /** A list's own key (the overview's links), as its description says. */
  const ownKey = (key: OwnKey): z.ZodType => {
    switch (key.kind) {
      case 'choice':
        return oneOf(key.values);
      case 'text':
        return text(key.max);
      case 'date':
        return isoDate;
      case 'bounds':
        return bounds;
    }
  };
  const ownShape = (keys: Readonly<Record<string, OwnKey>>) => Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, ownKey(key).optional()]));

  /**
   * A list's query (without its page) and saved view, from its registry description: the keys
   * every list shares, checked by its own sort fields, filters and search fields, then its own
   * keys. The one table the lists:* and export:start schemas read.
   */
  const listShapes = (id: ResourceId) => {
    const list: AnyListDescription = lists[id];
    const columns = columnIdsOf(id);
    const currency = z.string().regex(/^[A-Z]{3}$/, 'a currency is three capital letters').optional();
    // A register (customers) has no invoice or due dates and no currencies: its queries and views have none of those keys.
    const dated = list.dated ? { fromdate: isoDate.optional(), todate: isoDate.optional(), fromduedate: isoDate.optional(), toduedate: isoDate.optional(), currency } : {};
    const query = {
      limit: z.number().int().min(1).max(maxPageSize),
      sortby: oneOf(localSortFieldsOf(list)).optional(),
      sortorder: z.enum(sortOrders).optional(),
      // A list without filters (the payments) takes none.
      filter: keysOf(list.filters).length > 0 ? oneOf(keysOf(list.filters)).optional() : z.never().optional(),
      search: z.object({ field: oneOf(keysOf(list.searchFields)), value: text(200) }).strict().optional(),
      text: text(200).optional(),
      ...dated,
      ...ownShape(list.own.query),
    };
    const view = z
      .object({
        sortby: query.sortby,
        sortorder: query.sortorder,
        filter: query.filter,
        search: query.search,
        text: query.text,
        ...(list.dated ? { dateRange: dateRange.optional(), dueRange: dateRange.optional(), currency } : {}),
        ...ownShape(list.own.view),
        limit: query.limit,
        columns: z.array(oneOf(columns)).max(columns.length),
      })
      .strict();
    return { query, view, columns };
  };
  const lists_ = Object.fromEntries(resourceIds.map((id) => [id, listShapes(id)])) as Record<ResourceId, ReturnType<typeof listShapes>>;

  const exportSelection = z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('all') }).strict(),
    z.object({ kind: z.literal('pages'), pages: z.array(pageNumber).min(1).max(10_000) }).strict(),
    z.object({ kind: z.literal('range'), from: pageNumber, to: pageNumber }).strict().refine((r) => r.from <= r.to, 'from must not be after to'),
    z.object({ kind: z.literal('rows'), page: pageNumber, documentNumbers: z.array(text(30)).min(1).max(500) }).strict(),
  ]);

  /** A tuple per list, its first element the list's id (the types are each list's own: ResourceViews). */
  const perList = <T extends { [R in ResourceId]: [R, ...unknown[]] }>(tuple: (id: ResourceId) => z.ZodType) =>
    Object.fromEntries(resourceIds.map((id) => [id, tuple(id)])) as { [R in ResourceId]: z.ZodType<T[R]> };
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
          /** Desktop notifications after a sync: per group of kinds, and quiet on weekends. */
          notifications: z
            .object({
              groups: z.object(Object.fromEntries(notifyGroupIds.map((group) => [group, z.boolean()])) as Record<NotifyGroup, z.ZodBoolean>).strict(),
              quietWeekends: z.boolean(),
            })
            .strict()
            .optional(),
        })
        .strict(),
    ]),
    'companies:list': z.tuple([]),
    'companies:setActive': z.tuple([id]),
    'companies:rename': z.tuple([id, z.string().trim().min(1).max(COMPANY_NAME_MAX_LENGTH)]),
    /** The firm's tags of a company; the store normalises them (trimmed, no duplicates, at most MAX_TAGS). */
    'companies:setTags': z.tuple([id, z.array(z.string().max(TAG_MAX_LENGTH * 4)).max(MAX_TAGS * 4)]),
    'companies:disconnect': z.tuple([id]),
    /** Starts the browser flow: a new company, a reconnect of `companyId`, or with `serviceAccount` the administrator's approval of a service account (account_type=service). */
    'connect:start': z.tuple([z.object({ demo: z.boolean(), reconnectCompanyId: id.optional(), serviceAccount: z.literal(true).optional() }).strict()]),
    'connect:cancel': z.tuple([id]),
    'connect:serviceAccount': z.tuple([z.object({ tenantId: z.string().regex(/^\d{1,20}$/, 'TenantId is digits') }).strict()]),
    /** The optional request id lets the renderer cancel a page it no longer needs (lists:cancel). */
    'lists:page': byResource(
      perList<{ [R in ResourceId]: [R, string, ResourceViews[R]['query'], RequestPriority, string?] }>((list) =>
        z.tuple([z.literal(list), id, z.object({ page: pageNumber, ...lists_[list].query }).strict(), priority, id.optional()]),
      ),
    ),
    'lists:cancel': z.tuple([id]),
    'lists:getView': byResource(perList<{ [R in ResourceId]: [R, string] }>((list) => z.tuple([z.literal(list), id]))),
    'lists:views': byResource(perList<{ [R in ResourceId]: [R] }>((list) => z.tuple([z.literal(list)]))),
    'lists:saveView': byResource(perList<{ [R in ResourceId]: [R, string, SavedView<R>] }>((list) => z.tuple([z.literal(list), id, lists_[list].view]))),
    'invoices:get': z.tuple([id, documentNumber]),
    'invoices:openPdf': z.tuple([id, documentNumber]),
    'invoices:savePdf': z.tuple([id, documentNumber]),
    'supplierinvoices:get': z.tuple([id, documentNumber]),
    'supplierinvoices:openScan': z.tuple([id, documentNumber]),
    'supplierinvoices:saveScan': z.tuple([id, documentNumber]),
    /** `resource` names the grid: each list with its own query and columns; selected rows by its identity (digits). */
    'export:start': z.tuple([
      z.discriminatedUnion(
        'resource',
        resourceIds.map((list) =>
          z
            .object({
              resource: z.literal(list),
              companyId: id,
              query: z.object(lists_[list].query).strict(),
              selection: exportSelection,
              /** The grid's visible columns in order; their headers are the labels of the UI language. */
              columns: z.array(z.enum(lists_[list].columns)).min(1).max(lists_[list].columns.length),
              format: z.enum(exportFormats),
            })
            .strict(),
        ) as unknown as [z.ZodObject, ...z.ZodObject[]],
      ) as unknown as z.ZodType<ExportRequest>,
    ]),
    'export:cancel': z.tuple([id]),
    /** Runs a failed or cancelled job again, to the same file. */
    'export:retry': z.tuple([id]),
    'export:list': z.tuple([]),
    'sync:status': z.tuple([]),
    'sync:now': z.tuple([id, z.object({ full: z.boolean() }).strict()]),
    'receivables:overview': z.tuple([id]),
    'receivables:all': z.tuple([]),
    // A CustomerNumber as the service writes it (letters, digits, - _ .), and a real calendar day.
    'receivables:statement': z.tuple([id, customerNumber, calendarDay]),
    'receivables:exportStatement': z.tuple([id, customerNumber, calendarDay, z.enum(exportFormats)]),
    /** A company, or null for every company; a page of at most DIGEST_PAGE_MAX per kind (one kind: its page after the last event shown). */
    'digest:view': z.tuple([
      id.nullable(),
      z
        .object({
          limit: z.number().int().min(1).max(DIGEST_PAGE_MAX),
          kind: z.enum(digestKinds).optional(),
          // The last event shown: its `at` is a service time or a day, as the copies record them.
          after: z.object({ at: z.string().regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z)?$/), seq: z.number().int().min(1), companyId: id }).strict().optional(),
        })
        .strict()
        // A later page is one kind's: every copy reads one page of it.
        .refine((query) => query.after === undefined || query.kind !== undefined, 'a later page (after) is of one kind'),
    ]),
    'digest:mark': z.tuple([
      id,
      z.discriminatedUnion('action', [
        z.object({ action: z.literal('seen-all'), upToSeq: z.number().int().min(0) }).strict(),
        z.object({ action: z.literal('dismiss'), seq: z.number().int().min(1) }).strict(),
        z.object({ action: z.literal('snooze'), seq: z.number().int().min(1), until: z.enum(snoozeChoices) }).strict(),
      ]),
    ]),
  } as const satisfies Record<InvokeChannel, z.ZodType<unknown[]>>;
})();
