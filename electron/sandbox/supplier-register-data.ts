// The supplier register, beside a company's supplier invoices (deterministic from the seed and the
// data's `today`): exactly the suppliers the generator made for the company (supplier-registry.ts),
// the ones its invoices come from, so every supplier invoice's SupplierNumber is in it; a few have
// no invoice (the generator favours the low numbers). Each was registered shortly before its first
// invoice (or, without one, some day in the three years of history). About one in ten is inactive
// (exactly round(n / 10), at least one), preferably one not billed for half a year.

import { createRng, type Rng } from './prng';
import type { RegisterEntry } from './register-book';
import { documentParties, drawIndices, stampOn, type PartyFields, type RegisterContext } from './register-data';
import { supplierFields } from './supplier-contact';
import type { StoredSupplierInvoice } from './supplier-data';
import type { Supplier } from './supplier-registry';

const SUPPLIER_PARTY: PartyFields<StoredSupplierInvoice> = {
  number: (invoice) => invoice.SupplierNumber,
  name: (invoice) => invoice.SupplierName,
  date: (invoice) => invoice.InvoiceDate,
};

const HISTORY_DAYS = 3 * 365;
/** A supplier not billed for this long is the one an accountant switches off. */
const DORMANT_DAYS = 180;

/** The inactive ones: from the dormant first, then (when too few are) from the rest. */
function inactiveSet(rng: Rng, dormant: readonly boolean[]): Set<number> {
  const n = dormant.length;
  const count = n === 0 ? 0 : Math.max(1, Math.round(n / 10));
  const asleep = dormant.flatMap((isDormant, i) => (isDormant ? [i] : []));
  const awake = dormant.flatMap((isDormant, i) => (isDormant ? [] : [i]));
  const chosen = [...drawIndices(rng, asleep.length, count)].map((i) => asleep[i] as number);
  const more = [...drawIndices(rng, awake.length, count - chosen.length)].map((i) => awake[i] as number);
  return new Set([...chosen, ...more]);
}

/** The register of a company with these suppliers and supplier invoices, in supplier number order. */
export function buildSupplierRegister(ctx: RegisterContext, suppliers: readonly Supplier[], invoices: readonly StoredSupplierInvoice[]): RegisterEntry[] {
  const rng = createRng(`${ctx.seed}:${ctx.tenantId}:supplier-register`);
  const billed = new Map(documentParties(invoices, SUPPLIER_PARTY, ctx.todayDay).map((party) => [party.number, party]));
  const drafts = suppliers.map((supplier) => {
    const party = billed.get(supplier.number);
    const created = party ? Math.max(0, party.firstDay - rng.int(0, 20)) : ctx.todayDay - rng.int(0, HISTORY_DAYS);
    return { supplier, created, lastDay: party?.lastDay ?? created };
  });
  const inactive = inactiveSet(rng, drafts.map((draft) => draft.lastDay < ctx.todayDay - DORMANT_DAYS));
  return drafts.map(({ supplier, created, lastDay }, i) => {
    const active = !inactive.has(i);
    let changedDay = created;
    // An inactive supplier was switched off some time after its last invoice; some active ones had
    // a detail changed (a bank account, an e-mail) after they were registered.
    if (!active) changedDay = Math.min(ctx.todayDay, lastDay + rng.int(20, 300));
    else if (rng.chance(0.3)) changedDay = rng.int(created, ctx.todayDay);
    const identity = { number: supplier.number, name: supplier.name, currency: supplier.currency, country: supplier.country, terms: supplier.terms, costAccount: supplier.cost.account };
    return { number: supplier.number, fields: supplierFields(ctx.seed, ctx.tenantId, identity, active), active, lastModifiedMs: stampOn(rng, changedDay, ctx.todayDay) };
  });
}
