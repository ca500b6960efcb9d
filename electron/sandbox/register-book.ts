// A register of raw records (the customer register, the supplier register): built on first use
// (never per request), lookups by number, the number and name orders cached until a record
// changes, and the control object's changes, each stamping the service clock's now. What differs
// per register (how its records are built, what a new one holds, the name of its number field) is
// its spec; the rest is the same for every register, as the service's lists are.

import type { RegisterPatch, SandboxRegisterRecord } from './register-types';

/** One record as stored. */
export interface RegisterEntry {
  /**
   * Its identity: the number it was created with (its `@url`, GET /3/{list}/{n}, the number order).
   * A test that puts another value in the number field changes only what is sent.
   */
  number: string;
  /** The API fields as sent, raw (see register-types.ts); a field absent here is not sent. */
  fields: Record<string, unknown>;
  /**
   * What filter=active|inactive goes by: the service's own state, not its encoding. It follows an
   * `Active` set to true/false or "true"/"false"; any other value, or none, leaves it as it was.
   */
  active: boolean;
  lastModifiedMs: number;
}

export interface RegisterSpec<NumberSort extends string> {
  /** 'customer', 'supplier': the words of a refused change. */
  what: string;
  /** The field that carries the number ('CustomerNumber') and its sortby name ('customernumber'). */
  numberField: string;
  numberSort: NumberSort;
  /** The register as generated, in number order; called once, when it is first needed. */
  build(): RegisterEntry[];
  /** The fields of a new, active record with this number, from the seed; `given` (the raw fields a test gave) go over them after. */
  newFields(number: string, given: RegisterPatch): Record<string, unknown>;
}

const DIGITS = /^\d+$/;
const COLLATOR = new Intl.Collator('sv');

/** Numbers in the service's default order: numerically when digits, any other after them in code-unit order. */
export function compareRegisterNumbers(a: string, b: string): number {
  const aDigits = DIGITS.test(a);
  const bDigits = DIGITS.test(b);
  if (aDigits && bDigits) return Number(a) - Number(b) || (a < b ? -1 : a > b ? 1 : 0);
  if (aDigits !== bDigits) return aDigits ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The next number after the highest numeric one (1 for an empty register). */
export function nextRegisterNumber(numbers: Iterable<string>): string {
  let highest = 0;
  for (const number of numbers) if (DIGITS.test(number)) highest = Math.max(highest, Number(number));
  return String(highest + 1);
}

/** Fields a test may not set: the URL is the service's address of the record, LastModified no API field. */
const NOT_PATCHABLE = new Set(['@url', 'LastModified']);

/** The service's own active flag behind an `Active` value: null when the value says neither. */
function activeFlag(value: unknown): boolean | null {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return null;
}

/** What a name sorts by when a test has put something other than a string in it. */
function nameKey(record: RegisterEntry): string {
  const name = record.fields['Name'];
  if (typeof name === 'string') return name;
  return typeof name === 'number' || typeof name === 'boolean' ? String(name) : '';
}

export function toSandboxRecord(record: RegisterEntry): SandboxRegisterRecord {
  return { ...structuredClone(record.fields), LastModified: new Date(record.lastModifiedMs).toISOString() };
}

export class RegisterBook<NumberSort extends string> {
  private loaded: RegisterEntry[] | undefined;
  private readonly byNumber = new Map<string, RegisterEntry>();
  private readonly orderings = new Map<NumberSort | 'name', readonly RegisterEntry[]>();

  constructor(private readonly spec: RegisterSpec<NumberSort>) {}

  /** The sortby values: the number's first (the default), then `name`. */
  get sortFields(): readonly [NumberSort, 'name'] {
    return [this.spec.numberSort, 'name'];
  }

  /** In the order they were created (the generated ones in number order). */
  get records(): readonly RegisterEntry[] {
    if (!this.loaded) {
      this.loaded = this.spec.build();
      for (const record of this.loaded) this.byNumber.set(record.number, record);
    }
    return this.loaded;
  }

  get(number: string): RegisterEntry | undefined {
    void this.records; // the lookup map is filled when the register is built
    return this.byNumber.get(number);
  }

  /** Ascending by the field, ties on the number; descending is this reversed. */
  ordering(field: NumberSort | 'name'): readonly RegisterEntry[] {
    let order = this.orderings.get(field);
    if (!order) {
      const byNumber = (a: RegisterEntry, b: RegisterEntry): number => compareRegisterNumbers(a.number, b.number);
      // Swedish collation for names (å, ä, ö after z), as the invoice list sorts customer names.
      order = field === 'name' ? [...this.records].sort((a, b) => COLLATOR.compare(nameKey(a), nameKey(b)) || byNumber(a, b)) : [...this.records].sort(byNumber);
      this.orderings.set(field, order);
    }
    return order;
  }

  private insert(record: RegisterEntry): RegisterEntry {
    this.loaded?.push(record);
    this.byNumber.set(record.number, record);
    this.orderings.clear();
    return record;
  }

  private applyPatch(record: RegisterEntry, patch: RegisterPatch): void {
    for (const [key, value] of Object.entries(patch)) {
      if (NOT_PATCHABLE.has(key)) throw new RangeError(`a ${this.spec.what}'s ${key} cannot be set`);
      if (value === undefined) {
        delete record.fields[key];
        continue;
      }
      // A copy, so a test that reuses its object afterwards does not change the record behind our back.
      record.fields[key] = structuredClone(value);
      if (key === 'Active') record.active = activeFlag(value) ?? record.active;
    }
  }

  /** A new, active record: the next number unless the number field names a free one, details from the seed, then `fields` as raw values over them. */
  add(fields: RegisterPatch, now: number): RegisterEntry {
    const records = this.records;
    const given = fields[this.spec.numberField];
    const number = given === undefined || given === null || given === '' ? nextRegisterNumber(records.map((r) => r.number)) : String(given);
    if (number.includes('/')) throw new RangeError(`a ${this.spec.what} number cannot contain '/': ${number}`);
    if (this.byNumber.has(number)) throw new RangeError(`${this.spec.what} number ${number} is already in use`);
    const record: RegisterEntry = { number, fields: this.spec.newFields(number, fields), active: true, lastModifiedMs: now };
    this.applyPatch(record, fields);
    return this.insert(record);
  }

  update(number: string, patch: RegisterPatch, now: number): void {
    const record = this.get(number);
    if (!record) throw new RangeError(`no ${this.spec.what} with ${this.spec.numberField} ${number}`);
    this.applyPatch(record, patch);
    record.lastModifiedMs = now;
    this.orderings.clear();
  }

  /**
   * The register follows the documents: one for a number it does not have brings that party in
   * (active, with what the document says of it: its `Name`, a supplier invoice's `Currency`),
   * stamped now. A known one is left as it is: the register, not the document, holds its name.
   */
  noteParty(number: string, known: RegisterPatch, now: number): void {
    if (this.get(number)) return;
    this.insert({ number, fields: this.spec.newFields(number, known), active: true, lastModifiedMs: now });
  }

  /** Copies in the default (number) order. */
  snapshot(): SandboxRegisterRecord[] {
    return this.ordering(this.spec.numberSort).map(toSandboxRecord);
  }
}
