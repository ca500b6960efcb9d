// A firm's world: the client companies' sizes follow a long tail (many small, a few large), the
// problems come in a handful, and everything is the same for the same seed.

import { describe, expect, it } from 'vitest';
import { clientProblem, planClientCompanies } from '../../../electron/sandbox/client-companies';

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

describe('planClientCompanies', () => {
  const plan = planClientCompanies('invoice-desk', 300);

  it('numbers the tenants from 8100001, each with its own unique name', () => {
    expect(plan.map((client) => client.tenantId)).toEqual(Array.from({ length: 300 }, (_, i) => String(8_100_001 + i)));
    expect(new Set(plan.map((client) => client.name)).size).toBe(300);
    expect(plan.every((client) => /^\d{6}-\d{4}$/.test(client.organisationNumber))).toBe(true);
  });

  it('gives sizes from 50 to 8,000 with a median about 800: most a few hundred, a few several thousand', () => {
    const sizes = plan.map((client) => client.invoices);
    expect(Math.min(...sizes)).toBe(50);
    expect(Math.max(...sizes)).toBe(8_000);
    expect(median(sizes)).toBeGreaterThanOrEqual(750);
    expect(median(sizes)).toBeLessThanOrEqual(850);
    expect(sizes.filter((size) => size < 1_000).length).toBeGreaterThan(150);
    const large = sizes.filter((size) => size >= 3_000).length;
    expect(large).toBeGreaterThanOrEqual(10);
    expect(large).toBeLessThanOrEqual(40);
    // Dealt out in a seeded order, not growing with the tenant id.
    expect(sizes.slice(0, 10)).not.toEqual([...sizes.slice(0, 10)].sort((a, b) => a - b));
  });

  it('gives supplier invoices 40 % of the invoices', () => {
    for (const client of plan) expect(client.supplierInvoices).toBe(Math.round(client.invoices * 0.4));
  });

  it('has a handful of problems, each kind from the first ten companies on', () => {
    const problems = plan.filter((client) => client.problem !== null);
    expect(problems.map((client) => [client.tenantId, client.problem]).slice(0, 3)).toEqual([
      ['8100004', 'no-licence'],
      ['8100006', 'scope-missing'],
      ['8100009', 'access-revoked'],
    ]);
    expect(problems).toHaveLength(15);
    expect(clientProblem(63)).toBe('no-licence');
  });

  it('is the same for the same seed, and another for another', () => {
    expect(planClientCompanies('invoice-desk', 300)).toEqual(plan);
    expect(planClientCompanies('other', 300).map((client) => client.name)).not.toEqual(plan.map((client) => client.name));
    // A smaller world is not a prefix of the larger one's sizes, but has the same spread.
    expect(median(planClientCompanies('invoice-desk', 31).map((client) => client.invoices))).toBe(800);
  });

  it('refuses a count that is not an integer from 0 to 2,000', () => {
    expect(planClientCompanies('x', 0)).toEqual([]);
    for (const bad of [-1, 2_001, 1.5, Number.NaN]) expect(() => planClientCompanies('x', bad)).toThrow(RangeError);
  });
});
