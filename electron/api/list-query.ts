/**
 * A list resource's query (invoices, supplier invoices, ...): validated before anything is sent,
 * then written as query parameters in a fixed order. One implementation, parameterised by the
 * resource's sort fields, filters and search fields (its description), so every list follows the
 * same rules: one resource-specific search at a time, global fromdate/todate and lastmodified.
 */
import { z } from 'zod';
import { maxPageSize, sortOrders, type SortOrder } from '../common/list-primitives';
import { ApiError } from '../kernel/errors';

export interface ListQuerySpec<S extends string, F extends string, Q extends string> {
  /** The resource's name in messages ("invoice", "supplier invoice"). */
  noun: string;
  /** The service's sort fields; empty when the service sorts this list by nothing (sortby is then refused here). */
  sortFields: readonly S[];
  filters: readonly F[];
  searchFields: readonly Q[];
}

export interface ListQuery<S extends string = string, F extends string = string, Q extends string = string> {
  page?: number;
  /** 1..500 (service default 100). */
  limit?: number;
  sortby?: S;
  sortorder?: SortOrder;
  filter?: F;
  /** Local wall-clock time; normalised to and sent as `YYYY-MM-DD HH:mm:ss`. */
  lastmodified?: string;
  /** Inclusive InvoiceDate bounds, `YYYY-MM-DD` (global parameters: combine with filter and search). */
  fromdate?: string;
  todate?: string;
  /** At most one resource-specific search parameter (the service's rule). */
  search?: { field: Q; value: string };
}

export const MAX_LIMIT = maxPageSize;
export const SORT_ORDERS = sortOrders;
const MAX_SEARCH_LENGTH = 200;

function isRealDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const LASTMODIFIED = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** `YYYY-MM-DD`, `YYYY-MM-DD HH:mm`, `YYYY-MM-DD HH:mm:ss` (or with `T`) -> `YYYY-MM-DD HH:mm:ss`.
 * A zone suffix is refused: the service's timestamps are local wall-clock time and a silent
 * conversion would shift an incremental checkpoint. */
export function normaliseLastModified(value: string): string | undefined {
  const match = LASTMODIFIED.exec(value.trim());
  if (!match) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = match;
  if (!isRealDate(Number(y), Number(mo), Number(d))) return undefined;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return undefined;
  return `${y}-${mo}-${d} ${h}:${mi}:${s}`;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written `YYYY-MM-DD` (what the service's fromdate/todate take). */
export function isIsoDate(value: string): boolean {
  const m = DATE_ONLY.exec(value);
  return m !== null && isRealDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

const dateField = (name: string) =>
  z
    .string({ error: `"${name}" must be a date like 2024-05-01.` })
    .transform((v) => v.trim())
    .refine(isIsoDate, `"${name}" must be a real date written YYYY-MM-DD, like 2024-05-01.`)
    .optional();

const enumMessage = (field: string, values: readonly string[]): string => `"${field}" must be one of: ${values.join(', ')}.`;

function querySchemaOf<S extends string, F extends string, Q extends string>(spec: ListQuerySpec<S, F, Q>) {
  return z
  .object({
    page: z.number({ error: '"page" must be a whole number of at least 1.' }).int('"page" must be a whole number of at least 1.').min(1, '"page" must be a whole number of at least 1.').optional(),
    limit: z
      .number({ error: `"limit" must be a whole number from 1 to ${MAX_LIMIT}.` })
      .int(`"limit" must be a whole number from 1 to ${MAX_LIMIT}.`)
      .min(1, `"limit" must be a whole number from 1 to ${MAX_LIMIT}.`)
      .max(MAX_LIMIT, `"limit" must be a whole number from 1 to ${MAX_LIMIT}.`)
      .optional(),
    // A list the service sorts by nothing refuses sortby here, before a request is spent on it.
    sortby: (spec.sortFields.length > 0 ? z.enum(spec.sortFields, { error: enumMessage('sortby', spec.sortFields) }) : z.never({ error: `the service cannot sort ${spec.noun}s: leave "sortby" out.` })).optional(),
    sortorder: z.enum(SORT_ORDERS, { error: enumMessage('sortorder', SORT_ORDERS) }).optional(),
    filter: z.enum(spec.filters, { error: enumMessage('filter', spec.filters) }).optional(),
    lastmodified: z
      .string({ error: '"lastmodified" must be a date-time text like 2024-05-01 13:45:00.' })
      .transform((value, ctx) => {
        const normalised = normaliseLastModified(value);
        if (normalised === undefined) {
          ctx.addIssue({ code: 'custom', message: '"lastmodified" must be a local date-time like 2024-05-01 13:45:00 (or 2024-05-01), without a time zone.' });
          return z.NEVER;
        }
        return normalised;
      })
      .optional(),
    fromdate: dateField('fromdate'),
    todate: dateField('todate'),
    search: z
      .object(
        {
          field: z.enum(spec.searchFields, { error: enumMessage('search.field', spec.searchFields) }),
          value: z
            .string({ error: '"search.value" must be text.' })
            .transform((v) => v.trim())
            .pipe(z.string().min(1, '"search.value" must not be empty.').max(MAX_SEARCH_LENGTH, `"search.value" must be at most ${MAX_SEARCH_LENGTH} characters.`)),
        },
        { error: '"search" must be an object { field, value }.' },
      )
      .strict()
      .optional(),
  })
  .strict()
  .superRefine((query, ctx) => {
    if (query.fromdate !== undefined && query.todate !== undefined && query.fromdate > query.todate) {
      ctx.addIssue({ code: 'custom', path: ['todate'], message: `"todate" (${query.todate}) must not be before "fromdate" (${query.fromdate}).` });
    }
  });
}

function fieldOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    const prefix = issue.path.length ? `${issue.path.join('.')}.` : '';
    return `${prefix}${issue.keys[0] ?? ''}`;
  }
  return issue.path.map(String).join('.') || 'query';
}

/**
 * The validator of one list's queries from an untrusted caller (IPC, CLI). It throws
 * ApiError('bad-request') whose `field` and message name the first offending field. Nothing is
 * sent before this passes.
 */
export function listQueryValidator<S extends string, F extends string, Q extends string>(spec: ListQuerySpec<S, F, Q>): (input: unknown) => ListQuery<S, F, Q> {
  const querySchema = querySchemaOf(spec);
  return (input) => {
    if (input === undefined || input === null) return {};
    const result = querySchema.safeParse(input);
    if (result.success) {
      const out: ListQuery<S, F, Q> = {};
      const d = result.data;
      if (d.page !== undefined) out.page = d.page;
      if (d.limit !== undefined) out.limit = d.limit;
      if (d.sortby !== undefined) out.sortby = d.sortby as S;
      if (d.sortorder !== undefined) out.sortorder = d.sortorder;
      if (d.filter !== undefined) out.filter = d.filter;
      if (d.lastmodified !== undefined) out.lastmodified = d.lastmodified;
      if (d.fromdate !== undefined) out.fromdate = d.fromdate;
      if (d.todate !== undefined) out.todate = d.todate;
      if (d.search !== undefined) out.search = { field: d.search.field, value: d.search.value };
      return out;
    }
    const issue = result.error.issues[0] as z.core.$ZodIssue;
    const field = fieldOf(issue);
    let message: string;
    const searchInput: unknown = (input as { search?: unknown }).search;
    const searchField: unknown = typeof searchInput === 'object' && searchInput !== null ? (searchInput as { field?: unknown }).field : undefined;
    if (field === 'search' && Array.isArray(searchInput)) {
      message = 'only one search field at a time (the service takes one search parameter per request; fromdate, todate and filter combine with it).';
    } else if (field === 'search.field' && (searchField === 'fromdate' || searchField === 'todate')) {
      message = `"search.field": "${searchField}" is not a search field: send it as its own query field, ${searchField}: "YYYY-MM-DD" (it combines with a search and a filter).`;
    } else if (issue.code === 'unrecognized_keys') {
      message = (spec.searchFields as readonly string[]).includes(field)
        ? `"${field}" is not a query field: use search: { field: "${field}", value }.`
        : `"${field}" is not a known ${spec.noun} query field.`;
    } else if (field === 'query') {
      message = `The ${spec.noun} query must be an object.`;
    } else {
      message = issue.message.includes(`"${field}"`) ? issue.message : `"${field}": ${issue.message}`;
    }
    throw new ApiError('bad-request', {
      field,
      message: `Invalid ${spec.noun} query: ${message}`,
      remedy: `Correct the ${field} value and try again.`,
    });
  };
}

/** Query-string parameters in a fixed order (after validation). */
export function listQueryParams(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.page !== undefined) params.set('page', String(query.page));
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.sortby !== undefined) params.set('sortby', query.sortby);
  if (query.sortorder !== undefined) params.set('sortorder', query.sortorder);
  if (query.filter !== undefined) params.set('filter', query.filter);
  if (query.lastmodified !== undefined) params.set('lastmodified', query.lastmodified);
  if (query.fromdate !== undefined) params.set('fromdate', query.fromdate);
  if (query.todate !== undefined) params.set('todate', query.todate);
  if (query.search !== undefined) params.set(query.search.field, query.search.value);
  return params;
}
