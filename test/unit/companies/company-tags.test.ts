/**
 * A company's tags as the main process keeps them: normalised, kept across a reconnect,
 * gone with an empty list; the IPC schema refuses what is not a short list of strings. And "renew
 * soon": 35 days after the refresh token was last renewed, a connection says how many days are left.
 */
import { describe, expect, it } from 'vitest';
import { createCompanyStore, EXPIRY_WARNING_MS, REFRESH_TOKEN_LIFE_MS, type CompanyRecord } from '../../../electron/companies/company-store';
import { invokeSchemas } from '../../../electron/ipc/schemas';

function store(now = 0) {
  const data = new Map<string, unknown>();
  const events: number[] = [];
  const active: string[] = [];
  const companies = createCompanyStore({ store: { get: (k) => data.get(k), set: (k, v) => void data.set(k, structuredClone(v)), delete: (k) => void data.delete(k) }, changed: () => events.push(1), activeChanged: (id) => active.push(id), now: () => now });
  return { companies, events, active };
}

const record = (over: Partial<CompanyRecord> = {}): CompanyRecord => ({ id: 'c1', name: 'Åkesson Bygg AB', organisationNumber: '556677-8899', tenantId: '8100001', kind: 'user', demo: false, status: 'connected', vaultKey: 'v1', refreshTokenSavedAt: 0, ...over });

describe('a company\'s tags', () => {
  it('are stored normalised, announced, kept by a reconnect, and removed by an empty list', () => {
    const { companies, events } = store();
    companies.upsert(record(), true);
    const list = companies.setTags('c1', [' KL ', 'kl', 'Kvartal']);
    expect(list.companies[0]!.tags).toEqual(['KL', 'Kvartal']);
    expect(events.length).toBe(2);
    companies.upsert(record({ vaultKey: 'v2' }), false);
    expect(companies.list().companies[0]!.tags).toEqual(['KL', 'Kvartal']);
    expect(companies.setTags('c1', ['  ']).companies[0]).not.toHaveProperty('tags');
    expect(() => companies.setTags('nope', ['x'])).toThrow(/not connected/);
  });

  it('choosing another company tells its id alone: the list is not sent again (a firm\'s is 300 companies)', () => {
    const { companies, events, active } = store();
    companies.upsert(record(), true);
    companies.upsert(record({ id: 'c2', tenantId: '8100002', vaultKey: 'v2' }), false);
    const before = events.length;
    expect(companies.setActive('c2')).toEqual({ activeId: 'c2' });
    expect(active).toEqual(['c2']);
    expect(events.length).toBe(before);
    expect(companies.list().activeId).toBe('c2');
    expect(() => companies.setActive('nope')).toThrow(/not connected/);
    expect(active).toEqual(['c2']);
  });

  it('the IPC schema takes a company id and a short list of strings, nothing else', () => {
    const schema = invokeSchemas['companies:setTags'];
    expect(schema.safeParse(['c1', ['KL', 'AB']]).success).toBe(true);
    expect(schema.safeParse(['c1', []]).success).toBe(true);
    expect(schema.safeParse(['c1', 'KL']).success).toBe(false);
    expect(schema.safeParse(['c1', [42]]).success).toBe(false);
    expect(schema.safeParse(['c1', ['x'.repeat(1000)]]).success).toBe(false);
    expect(schema.safeParse(['c1', Array.from({ length: 1000 }, () => 'x')]).success).toBe(false);
  });
});

describe('renew soon', () => {
  it('35 days after the last renewal the connection says how many days are left; not a day before', () => {
    expect(REFRESH_TOKEN_LIFE_MS - EXPIRY_WARNING_MS).toBe(35 * 86_400_000);
    const before = store(35 * 86_400_000 - 60_000);
    before.companies.upsert(record(), true);
    expect(before.companies.list().companies[0]).not.toHaveProperty('expiresInDays');
    const after = store(35 * 86_400_000 + 60_000);
    after.companies.upsert(record(), true);
    expect(after.companies.list().companies[0]!.expiresInDays).toBe(10);
  });
});
