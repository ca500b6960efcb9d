// One company's customer register: built from its invoices on first use (never per request), kept in
// step with the invoices the control object adds or renumbers, lookups by number, and the two sort
// orders cached until a customer changes. The control object's changes stamp the service clock's now.

import { buildRegister, compareCustomerNumbers, nextCustomerNumber, personName, type RegisterContext, type StoredCustomer } from './customer-data';
import { customerFields } from './customer-contact';
import type { CustomerPatch, SandboxCustomer } from './customer-types';
import type { StoredInvoice } from './data';
import { customerName } from './names';
import { createRng } from './prng';

export const CUSTOMER_SORT_FIELDS = ['customernumber', 'name'] as const;
export type CustomerSortField = (typeof CUSTOMER_SORT_FIELDS)[number];

const COLLATOR = new Intl.Collator('sv');

/** Fields a test may not set: the URL is the service's address of the customer, LastModified no API field. */
const NOT_PATCHABLE = new Set(['@url', 'LastModified']);

/** The service's own active flag behind an `Active` value: null when the value says neither. */
function activeFlag(value: unknown): boolean | null {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return null;
}

/** What a name sorts by when a test has put something other than a string in it. */
function nameKey(record: StoredCustomer): string {
  const name = record.fields['Name'];
  if (typeof name === 'string') return name;
  return typeof name === 'number' || typeof name === 'boolean' ? String(name) : '';
}

function applyPatch(record: StoredCustomer, patch: CustomerPatch): void {
  for (const [key, value] of Object.entries(patch)) {
    if (NOT_PATCHABLE.has(key)) throw new RangeError(`a customer's ${key} cannot be set`);
    if (value === undefined) {
      delete record.fields[key];
      continue;
    }
    // A copy, so a test that reuses its object afterwards does not change the record behind our back.
    record.fields[key] = structuredClone(value);
    if (key === 'Active') record.active = activeFlag(value) ?? record.active;
  }
}

export function toSandboxCustomer(record: StoredCustomer): SandboxCustomer {
  return { ...structuredClone(record.fields), LastModified: new Date(record.lastModifiedMs).toISOString() };
}

export class CustomerBook {
  private loaded: StoredCustomer[] | undefined;
  private readonly byNumber = new Map<string, StoredCustomer>();
  private readonly orderings = new Map<CustomerSortField, readonly StoredCustomer[]>();

  /** `invoices` is read once, when the register is first needed (it generates them if need be). */
  constructor(
    private readonly context: RegisterContext,
    private readonly invoices: () => readonly StoredInvoice[],
  ) {}

  /** In the order they were created (the generated ones in number order). */
  get records(): readonly StoredCustomer[] {
    if (!this.loaded) {
      this.loaded = buildRegister(this.context, this.invoices());
      for (const record of this.loaded) this.byNumber.set(record.number, record);
    }
    return this.loaded;
  }

  get(number: string): StoredCustomer | undefined {
    void this.records; // the lookup map is filled when the register is built
    return this.byNumber.get(number);
  }

  /** Ascending by the field, ties on the customer number; descending is this reversed. */
  ordering(field: CustomerSortField): readonly StoredCustomer[] {
    let order = this.orderings.get(field);
    if (!order) {
      const byNumber = (a: StoredCustomer, b: StoredCustomer): number => compareCustomerNumbers(a.number, b.number);
      // Swedish collation for names (å, ä, ö after z), as the invoice list sorts customer names.
      order = field === 'name' ? [...this.records].sort((a, b) => COLLATOR.compare(nameKey(a), nameKey(b)) || byNumber(a, b)) : [...this.records].sort(byNumber);
      this.orderings.set(field, order);
    }
    return order;
  }

  private insert(record: StoredCustomer): StoredCustomer {
    this.loaded?.push(record);
    this.byNumber.set(record.number, record);
    this.orderings.clear();
    return record;
  }

  /**
   * A new, active customer: the next number unless `fields.CustomerNumber` names a free one, plausible
   * details from the seed, then `fields` as raw values over them.
   */
  add(fields: CustomerPatch, now: number): StoredCustomer {
    const records = this.records;
    const given = fields['CustomerNumber'];
    const number = given === undefined || given === null || given === '' ? nextCustomerNumber(records.map((r) => r.number)) : String(given);
    if (number.includes('/')) throw new RangeError(`a customer number cannot contain '/': ${number}`);
    if (this.byNumber.has(number)) throw new RangeError(`customer number ${number} is already in use`);
    const kind = fields['Type'] === 'PRIVATE' ? 'PRIVATE' : 'COMPANY';
    const rng = createRng(`${this.context.seed}:${this.context.tenantId}:added:${number}`);
    const name = typeof fields['Name'] === 'string' ? fields['Name'] : kind === 'PRIVATE' ? personName(rng) : customerName(rng);
    const record: StoredCustomer = {
      number,
      fields: customerFields(this.context.seed, this.context.tenantId, number, name, kind, true),
      active: true,
      lastModifiedMs: now,
    };
    applyPatch(record, fields);
    return this.insert(record);
  }

  update(number: string, patch: CustomerPatch, now: number): void {
    const record = this.get(number);
    if (!record) throw new RangeError(`no customer with CustomerNumber ${number}`);
    applyPatch(record, patch);
    record.lastModifiedMs = now;
    this.orderings.clear();
  }

  /**
   * The register follows the invoices: an invoice for a customer number it does not have brings that
   * customer in (active, named as the invoice names it), stamped now. A known customer is left as it
   * is: the register, not the invoice, holds its name.
   */
  noteInvoice(number: string, name: string, now: number): void {
    if (this.get(number)) return;
    const record: StoredCustomer = {
      number,
      fields: customerFields(this.context.seed, this.context.tenantId, number, name, 'COMPANY', true),
      active: true,
      lastModifiedMs: now,
    };
    this.insert(record);
  }

  /** Copies in the default (customer number) order. */
  snapshot(): SandboxCustomer[] {
    return this.ordering('customernumber').map(toSandboxCustomer);
  }
}
