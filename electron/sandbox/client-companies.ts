// An accounting firm's world: N client companies beside the four demo companies, with tenant ids
// from 8100001 and sizes that follow a long tail (most a few hundred invoices, a few several
// thousand: from 50 to 8,000, median about 800; supplier invoices 40 % of that), and a handful
// with a problem a firm meets every week: no licence for the integration, a grant without a
// scope, an access the company has withdrawn. Deterministic from the seed.

import { organisationNumber } from './luhn';
import { customerName, PLACES } from './names';
import { createRng, type Rng } from './prng';

/** What is wrong with a client company's access, if anything. */
export type ClientProblem = 'no-licence' | 'scope-missing' | 'access-revoked';

export const FIRST_CLIENT_TENANT = 8_100_001;
export const MAX_CLIENT_COMPANIES = 2_000;

export const CLIENT_MIN_INVOICES = 50;
export const CLIENT_MEDIAN_INVOICES = 800;
export const CLIENT_MAX_INVOICES = 8_000;

/** The scope an earlier grant of a 'scope-missing' company lacks (an app that did not ask for it yet). */
export const CLIENT_MISSING_SCOPE = 'supplierinvoice';

export interface ClientCompanyPlan {
  tenantId: string;
  name: string;
  organisationNumber: string;
  city: string;
  invoices: number;
  customers: number;
  supplierInvoices: number;
  suppliers: number;
  problem: ClientProblem | null;
}

/**
 * The long tail: a log-logistic curve with its median at 800, read at evenly spaced points and
 * dealt out in a seeded order, so any N has the same spread (not a sample that may miss the
 * tail) and neighbouring tenants differ.
 */
function sizes(rng: Rng, count: number): number[] {
  const points = Array.from({ length: count }, (_, i) => (i + 0.5) / count);
  for (let i = points.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rng.next() * (i + 1));
    [points[i], points[j]] = [points[j] as number, points[i] as number];
  }
  return points.map((u) => Math.min(CLIENT_MAX_INVOICES, Math.max(CLIENT_MIN_INVOICES, Math.round(CLIENT_MEDIAN_INVOICES * (u / (1 - u)) ** 0.6))));
}

/** The problem of the client at `index`: three early ones (so a test with ten clients meets each), then one of each in every 60. */
export function clientProblem(index: number): ClientProblem | null {
  switch (index % 60) {
    case 3:
      return 'no-licence';
    case 5:
      return 'scope-missing';
    case 8:
      return 'access-revoked';
    default:
      return null;
  }
}

/** `scale` shrinks every size (at least one invoice each): a test's firm of many small companies, the same spread. */
export function planClientCompanies(seed: string, count: number, scale = 1): ClientCompanyPlan[] {
  if (!Number.isInteger(count) || count < 0 || count > MAX_CLIENT_COMPANIES) throw new RangeError(`clientCompanies must be an integer 0..${MAX_CLIENT_COMPANIES}, got ${String(count)}`);
  if (!(scale > 0 && scale <= 1)) throw new RangeError(`clientScale must be above 0 and at most 1, got ${String(scale)}`);
  const rng = createRng(`${seed}:clients`);
  const invoiceCounts = sizes(rng, count).map((size) => (scale === 1 ? size : Math.max(1, Math.round(size * scale))));
  const seen = new Set<string>();
  return invoiceCounts.map((invoices, index) => {
    let name = customerName(rng);
    // The word lists give thousands of names; a repeat gets the city, then a number.
    if (seen.has(name)) name = `${name} ${rng.pick(PLACES)}`;
    if (seen.has(name)) name = `${name} ${index + 1}`;
    seen.add(name);
    const supplierInvoices = Math.round(invoices * 0.4);
    return {
      tenantId: String(FIRST_CLIENT_TENANT + index),
      name,
      organisationNumber: organisationNumber(String(rng.int(100000, 999999))),
      city: rng.pick(PLACES),
      invoices,
      customers: Math.min(1_500, Math.max(5, Math.round(invoices / 6))),
      supplierInvoices,
      suppliers: Math.min(400, Math.max(3, Math.round(supplierInvoices / 8))),
      problem: clientProblem(index),
    };
  });
}
