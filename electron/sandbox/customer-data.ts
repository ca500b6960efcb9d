// The customer register, derived from a company's invoices (deterministic from the seed and the
// data's `today`): exactly the customer numbers its invoices use, each named as its newest invoice
// names it, plus 3-5 customers with no invoice yet, numbered after the highest number in use.
// About one in twelve is inactive (exactly round(n / 12), at least one), so both filters always
// have something to show, whatever the seed.

import { customerFields, type CustomerKind } from './customer-contact';
import type { StoredInvoice } from './data';
import { nextRegisterNumber, type RegisterEntry } from './register-book';
import { documentParties, drawIndices, stampOn, type PartyFields, type RegisterContext } from './register-data';
import { customerName, FIRST_NAMES, SURNAMES } from './names';
import { createRng, type Rng } from './prng';

/** A private person's name, as some of a company's customers are. */
export function personName(rng: Rng): string {
  return `${rng.pick(FIRST_NAMES)} ${rng.pick(SURNAMES)}`;
}

interface Draft {
  number: string;
  name: string;
  kind: CustomerKind;
  /** The day the customer was created (its first invoice's) and the day of its last invoice. */
  firstDay: number;
  lastDay: number;
}

const INVOICE_PARTY: PartyFields<StoredInvoice> = {
  number: (invoice) => invoice.CustomerNumber,
  name: (invoice) => invoice.CustomerName,
  date: (invoice) => invoice.InvoiceDate,
};

/** 3-5 customers with no invoice yet (some of them private persons), created within the last year. */
function customersWithoutInvoices(rng: Rng, after: readonly Draft[], todayDay: number): Draft[] {
  const names = new Set(after.map((draft) => draft.name));
  let number = Number(nextRegisterNumber(after.map((draft) => draft.number)));
  const count = rng.int(3, 5);
  const drafts: Draft[] = [];
  for (let attempts = 0; drafts.length < count && attempts < 200; attempts += 1) {
    const kind: CustomerKind = rng.chance(0.35) ? 'PRIVATE' : 'COMPANY';
    const name = kind === 'PRIVATE' ? personName(rng) : customerName(rng);
    if (names.has(name)) continue;
    names.add(name);
    const created = todayDay - rng.int(0, 365);
    drafts.push({ number: String(number), name, kind, firstDay: created, lastDay: created });
    number += 1;
  }
  return drafts;
}

/** The register of a company with these invoices, in customer number order. */
export function buildRegister(ctx: RegisterContext, invoices: readonly StoredInvoice[]): RegisterEntry[] {
  const rng = createRng(`${ctx.seed}:${ctx.tenantId}:register`);
  const withInvoices: Draft[] = documentParties(invoices, INVOICE_PARTY, ctx.todayDay).map((party) => ({ ...party, kind: 'COMPANY' }));
  const drafts = [...withInvoices, ...customersWithoutInvoices(rng, withInvoices, ctx.todayDay)];
  const inactive = drawIndices(rng, drafts.length, drafts.length === 0 ? 0 : Math.max(1, Math.round(drafts.length / 12)));
  return drafts.map((draft, i) => {
    const active = !inactive.has(i);
    let changedDay = draft.firstDay;
    // An inactive customer was switched off some time after its last invoice; some active ones
    // had a detail changed (an address, an e-mail) after they were created.
    if (!active) changedDay = Math.min(ctx.todayDay, draft.lastDay + rng.int(20, 300));
    else if (rng.chance(0.3)) changedDay = rng.int(draft.firstDay, ctx.todayDay);
    return {
      number: draft.number,
      fields: customerFields(ctx.seed, ctx.tenantId, draft.number, draft.name, draft.kind, active),
      active,
      lastModifiedMs: stampOn(rng, changedDay, ctx.todayDay),
    };
  });
}
