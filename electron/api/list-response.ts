/**
 * A list response of the service (`{"MetaInformation": {...}, "<Wrapper>": [items]}`), parsed
 * leniently where the real service is quirky (numbers in strings, nulls, a missing MetaInformation)
 * and strictly where a wrong value would be silently wrong data. One implementation for every list
 * resource; each resource describes its items (ListItemSpec): wrapper key, identity field, fields.
 */
import { z } from 'zod';
import { ApiError } from '../kernel/errors';

/** One page of a list. */
export interface ListPage<T> {
  items: T[];
  currentPage: number;
  /** 0 for an empty result (the service sends @TotalPages 0 with @CurrentPage 1). */
  totalPages: number;
  totalResources: number;
  /** The service's clock when it answered (its `Date` header, ms), when it sent one. */
  serviceTime?: number;
}

const NUMBER_TEXT = /^[-+]?\d+(?:[.,]\d+)?$/;

/** Numbers arrive as numbers or as text ("1", "1234.50", Swedish "1234,50"). */
export const numeric = z.union([
  z.number().refine(Number.isFinite, 'not a finite number'),
  z
    .string()
    .transform((s) => s.trim().replace(/\s/g, ''))
    .refine((s) => NUMBER_TEXT.test(s), 'not a number')
    .transform((s) => Number(s.replace(',', '.'))),
]);

/** Text fields: tolerate numbers (e.g. CustomerNumber 1) and null. */
export const text = z.union([z.string(), z.number().transform(String), z.null().transform(() => '')]);

export const booleanLike = z.union([
  z.boolean(),
  z.enum(['true', 'false', 'TRUE', 'FALSE', '1', '0']).transform((s) => s === 'true' || s === 'TRUE' || s === '1'),
  z.null().transform(() => false),
]);

export const nullableNumeric = z.union([numeric, z.null(), z.literal('').transform(() => null)]);
export const nullableText = z.union([z.string(), z.number().transform(String), z.null()]);
export const nullableDate = z.union([z.string(), z.null()]).transform((s) => (s === '' ? null : s));


/** What a resource's list items are: the parsing of one item, field by field, and its mapping. */
export interface ListItemSpec<Shape extends z.ZodRawShape, T> {
  /** "invoice", "supplier invoice": in messages. */
  noun: string;
  /** The array's key in the response ("Invoices", "SupplierInvoices"). */
  wrapper: string;
  /** The identity field: an item without a usable one is dropped. */
  identity: keyof Shape & string;
  fields: Shape;
  /** Fields whose null is normal (not counted as odd). */
  nullIsNormal: ReadonlySet<string>;
  toItem(raw: z.infer<z.ZodObject<Shape>>): T;
}

/** What one page held that the app did not expect (for the log: counts and field names, never values). */
export interface OddityReport {
  /** Items on the page. */
  items: number;
  /** Items dropped: no usable identity (an item without it cannot be shown). */
  dropped: number;
  /** Fields read as their neutral default: a null where the service sends none, or an unreadable value. */
  fields: number;
  /** How many times each field name was odd. */
  byField: Record<string, number>;
}

export interface ParseOptions {
  /** Called once per page that held anything odd. */
  onOddity?: (report: OddityReport) => void;
}

const metaNumber = z.union([z.number().int(), z.string().regex(/^\s*\d+\s*$/).transform((s) => Number(s))]);
const metaSchema = z
  .object({
    '@TotalResources': metaNumber.optional(),
    '@TotalPages': metaNumber.optional(),
    '@CurrentPage': metaNumber.optional(),
  })
  .nullish();

function unreadable(noun: string, detail: string): ApiError {
  // Not retryable: the same response would fail the same way.
  return new ApiError('unavailable', { message: `The service sent a${/^[aeiou]/.test(noun) ? 'n' : ''} ${noun} list the app cannot read (${detail}).`, retryable: false });
}

/**
 * One item, tolerantly: each field is read on its own; a null or unreadable value becomes the
 * field's neutral default (an empty cell) and is counted. Only an item without a usable identity
 * is dropped. Unknown fields are ignored.
 */
function readItem<Shape extends z.ZodRawShape, T>(spec: ListItemSpec<Shape, T>, schema: z.ZodObject<Shape>, item: unknown, oddity: (field: string) => void): T | undefined {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return undefined;
  const record = item as Record<string, unknown>;
  const clean: Record<string, unknown> = {};
  for (const name of Object.keys(spec.fields)) {
    const value = record[name];
    if (value === undefined) continue;
    if (value === null && !spec.nullIsNormal.has(name)) {
      if (name !== spec.identity) oddity(name);
      continue;
    }
    const parsed = (spec.fields[name] as z.ZodType).safeParse(value);
    if (parsed.success) clean[name] = parsed.data;
    else if (name !== spec.identity) oddity(name);
  }
  const parsed = schema.safeParse(clean);
  return parsed.success ? spec.toItem(parsed.data) : undefined;
}

/** A page's numbers, without its items. */
export type PageNumbers = Omit<ListPage<unknown>, 'items' | 'serviceTime'>;

/** A page as its body's text (read and stored by the local copy's worker thread) and its numbers. */
export interface ListPageText extends PageNumbers {
  text: string;
  serviceTime?: number;
  /** Told what the thread that reads the items found odd in them. */
  onOddity?: (report: OddityReport) => void;
}

/** A list body's shape checked (an object with the wrapper's array): its raw items and MetaInformation. */
function listShape(noun: string, wrapper: string): (json: unknown) => { rawItems: unknown[]; meta: z.infer<typeof metaSchema> } {
  const listSchema = z.object({ MetaInformation: metaSchema, [wrapper]: z.array(z.unknown()) });
  return (json) => {
    const list = listSchema.safeParse(json);
    if (!list.success) throw unreadable(noun, typeof json === 'object' && json !== null ? `no ${wrapper} array` : 'not a JSON object');
    return { rawItems: list.data[wrapper] as unknown[], meta: list.data.MetaInformation as z.infer<typeof metaSchema> };
  };
}

/**
 * A list body's page numbers read from its text without parsing it (parsing a page of 500 items is
 * real work for the main thread, and the copy's worker parses it again to store it): the one
 * `"MetaInformation"` key's object, all three numbers in it (in JSON text a quote inside a string
 * is escaped, so an unescaped `"MetaInformation"` is that key, at some depth). Undefined when the
 * text is not plainly such a body (no key, two of them, a number missing, anything unexpected):
 * the caller parses it then. The worker that stores the page parses it whole and refuses it when
 * its numbers differ (page-text.ts), so paging never goes by numbers the parser would not give.
 */
export function skimPageNumbers(text: string): PageNumbers | undefined {
  const key = '"MetaInformation"';
  const at = text.indexOf(key);
  if (at < 0 || text[at - 1] === '\\' || text.indexOf(key, at + key.length) >= 0 || !/^\s*\{/.test(text.slice(0, 64))) return undefined;
  const open = /^\s*:\s*\{/.exec(text.slice(at + key.length, at + key.length + 64));
  if (!open) return undefined;
  const start = at + key.length + open[0].length - 1;
  const end = text.indexOf('}', start);
  if (end < 0 || end - start > 512) return undefined;
  let meta: unknown;
  try {
    meta = JSON.parse(text.slice(start, end + 1));
  } catch {
    return undefined;
  }
  const parsed = metaSchema.safeParse(meta);
  if (!parsed.success || !parsed.data || parsed.data['@TotalResources'] === undefined || parsed.data['@TotalPages'] === undefined || parsed.data['@CurrentPage'] === undefined) return undefined;
  return pageNumbers(parsed.data, 0);
}

/** The page's numbers: a missing MetaInformation means one page holding everything; @TotalPages 0 (an empty result) stays 0 with currentPage 1. */
function pageNumbers(meta: z.infer<typeof metaSchema>, items: number): PageNumbers {
  if (!meta) return { currentPage: 1, totalPages: 1, totalResources: items };
  const currentPage = Math.max(1, meta['@CurrentPage'] ?? 1);
  const totalResources = meta['@TotalResources'] ?? items;
  const totalPages = meta['@TotalPages'] ?? (items > 0 ? currentPage : 0);
  return { currentPage, totalPages, totalResources };
}

/**
 * A list body's page numbers alone, its shape checked as the parser checks it (the same error):
 * what paging needs while the items wait, as text, for the thread that stores them.
 */
export function listNumbersReader(noun: string, wrapper: string): (json: unknown) => PageNumbers {
  const shape = listShape(noun, wrapper);
  return (json) => {
    const { rawItems, meta } = shape(json);
    return pageNumbers(meta, rawItems.length);
  };
}

/**
 * The parser of one resource's list bodies (the page numbers as listNumbersReader reads them). An
 * item the app does not expect never costs the page; what was odd is reported once per page to
 * `onOddity`.
 */
export function listResponseParser<Shape extends z.ZodRawShape, T>(spec: ListItemSpec<Shape, T>): (json: unknown, options?: ParseOptions) => ListPage<T> {
  const schema = z.object(spec.fields);
  const shape = listShape(spec.noun, spec.wrapper);
  return (json, options = {}) => {
    const { rawItems, meta } = shape(json);
    const items: T[] = [];
    const report: OddityReport = { items: rawItems.length, dropped: 0, fields: 0, byField: {} };
    const oddity = (field: string): void => {
      report.fields += 1;
      report.byField[field] = (report.byField[field] ?? 0) + 1;
    };
    for (const item of rawItems) {
      const parsed = readItem(spec, schema, item, oddity);
      if (parsed !== undefined) items.push(parsed);
      else report.dropped += 1;
    }
    if (report.dropped > 0 || report.fields > 0) options.onOddity?.(report);
    return { items, ...pageNumbers(meta, items.length) };
  };
}
