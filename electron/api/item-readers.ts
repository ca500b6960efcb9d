/**
 * The parser of a list's items from its reading (common/lists/item-reading.ts): each wire kind's
 * reader, and listResponseParser over them. One parser for every list; a list describes its item
 * as data and brings no parser of its own.
 */
import { z } from 'zod';
import type { AnyItemReading, WireKind } from '../common/lists/item-reading';
import { booleanLike, listResponseParser, nullableDate, nullableNumeric, nullableText, numeric, text, type ListPage, type ParseOptions } from './list-response';

/** A number at the service: one word of text (trimmed) or an integer, as text. */
const key = z.union([z.string().regex(/^\s*\S+\s*$/).transform((s) => s.trim()), z.number().int().transform(String)]);
/** Any non-empty text or an integer, as text. */
const documentKey = z.union([z.string().min(1), z.number().int().transform(String)]);
/** A boolean, its text, or null (not said). */
const flagOrNull = z.union([z.boolean(), z.enum(['true', 'false', 'TRUE', 'FALSE', '1', '0']).transform((s) => s === 'true' || s === 'TRUE' || s === '1'), z.null()]);

const readers: { readonly [K in WireKind]: z.ZodType } = {
  key,
  documentKey,
  text,
  number: numeric,
  flag: booleanLike,
  flagOrNull,
  numberOrNull: nullableNumeric,
  textOrNull: nullableText,
  dateOrNull: nullableDate,
  url: z.string(),
};

/** The zod shape of a reading: the identity required, every other field optional. */
function shapeOf(reading: AnyItemReading<unknown>): z.ZodRawShape {
  return Object.fromEntries(Object.entries(reading.fields).map(([name, kind]) => [name, name === reading.identity ? readers[kind] : readers[kind].optional()]));
}

/** The parser of one list's bodies: `noun` and `wrapper` from its description, its items by `reading`. */
export function readingParser<Item>(noun: string, wrapper: string, reading: AnyItemReading<Item>): (json: unknown, options?: ParseOptions) => ListPage<Item> {
  return listResponseParser({
    noun,
    wrapper,
    identity: reading.identity,
    fields: shapeOf(reading),
    nullIsNormal: new Set<string>(reading.nullIsNormal),
    // The shape is the reading's own: what it parsed is the reading's wire item.
    toItem: (raw) => reading.toItem(raw as never),
  });
}
