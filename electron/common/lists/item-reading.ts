/**
 * How a list's item is read from the service's answer, written as data beside its description:
 * each wire field's kind, the identity field, the fields whose null is normal, and the item built
 * from what was read. The API layer has one reader per kind (api/list-response.ts, with zod) and
 * one parser for every list (api/list-endpoints.ts), so a list brings its reading here and no
 * parser of its own. Pure: no schema library in the common layer.
 */

/**
 * What a wire field may hold, as the API layer reads it (leniently where the real service is
 * quirky: numbers in strings, nulls):
 * - `key`: one word of text (trimmed) or an integer, as text: a number at the service;
 * - `documentKey`: any non-empty text or an integer, as text (the customer invoices' DocumentNumber);
 * - `text`: text, a number as text, null as '';
 * - `number`: a finite number or its text ("1234,50" too);
 * - `flag`: a boolean or its text ("true", "1"), null as false;
 * - `flagOrNull`: the same, but null stays null (not said);
 * - `numberOrNull`, `textOrNull`, `dateOrNull`: null kept (and '' as null for a number or a date);
 * - `url`: the item's `@url`.
 */
export type WireKind = 'key' | 'documentKey' | 'text' | 'number' | 'flag' | 'flagOrNull' | 'numberOrNull' | 'textOrNull' | 'dateOrNull' | 'url';

interface WireValues {
  key: string;
  documentKey: string;
  text: string;
  number: number;
  flag: boolean;
  flagOrNull: boolean | null;
  numberOrNull: number | null;
  textOrNull: string | null;
  dateOrNull: string | null;
  url: string;
}

type KeyKind = 'key' | 'documentKey';
type Fields = Readonly<Record<string, WireKind>>;

/** An item as read: its identity always there (an item without one is dropped), every other field when it was readable. */
export type WireItem<F extends Fields> = { -readonly [K in keyof F as F[K] extends KeyKind ? K : never]: string } & {
  -readonly [K in keyof F as F[K] extends KeyKind ? never : K]?: WireValues[F[K]];
};

/** A list's item reading (see the header). `F`: its wire fields and their kinds. */
export interface ItemReading<Item, F extends Fields = Fields> {
  /** The identity field: an item without a usable one is dropped (it could not be shown). */
  identity: Extract<keyof F, string>;
  /** Every field read, by its wire name; unknown fields are ignored. */
  fields: F;
  /** Fields whose null is normal (not counted as odd in the log). */
  nullIsNormal: ReadonlyArray<Extract<keyof F, string>>;
  /** The item from what was read (a missing field is its neutral value). */
  toItem(raw: WireItem<F>): Item;
}

/** Any list's reading as its description holds it: its fields' names erased (what the API layer's
 * one parser takes; the raw item it builds from is the reading's own). */
export interface AnyItemReading<Item> {
  identity: string;
  fields: Fields;
  nullIsNormal: readonly string[];
  toItem(raw: never): Item;
}

/** A reading checked against its item, its field names kept: `itemReading<Customer>()({ ... })`. */
export function itemReading<Item>() {
  return <const F extends Fields>(reading: ItemReading<Item, F>): ItemReading<Item, F> => reading;
}
