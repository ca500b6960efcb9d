/**
 * A company's name is cleaned where it enters the app, the company store, so every surface (the
 * sidebar, the firm's table, a digest, a notification) shows the same visible text: the service's
 * CompanyName as a client company wrote it (10 kB, a bidi override, an escape sequence, line
 * breaks), a name the user types, and one an earlier version stored as it came.
 */
import { describe, expect, it } from 'vitest';
import { COMPANY_NAME_MAX_LENGTH } from '../../../electron/common/companies';
import { createCompanyStore, type CompanyRecord } from '../../../electron/companies/company-store';

function store(initial: Record<string, unknown> = {}) {
  const data = new Map<string, unknown>(Object.entries(initial));
  const companies = createCompanyStore({ store: { get: (k) => structuredClone(data.get(k)), set: (k, v) => void data.set(k, structuredClone(v)), delete: (k) => void data.delete(k) }, changed: () => undefined, activeChanged: () => undefined, now: () => 0 });
  return { companies, data };
}

const record = (over: Partial<CompanyRecord> = {}): CompanyRecord => ({ id: 'c1', name: 'Åkesson Bygg AB', organisationNumber: '556677-8899', tenantId: '8100001', kind: 'service', demo: false, status: 'connected', vaultKey: 'v1', ...over });
const HOSTILE = `\u202eBA gatefröS\u001b]0;Byrån\u0007\r\n<a href="https://evil.example/">Logga in</a>\u200b${'X'.repeat(10_000)}`;
const UNSEEN = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

describe('a company\'s name', () => {
  it('from the service: visible characters only, at most 120, kept by the list and by a reconnect', () => {
    const { companies, data } = store();
    companies.upsert(record({ name: HOSTILE }), true);
    const shown = companies.list().companies[0]!.name;
    expect(shown).not.toMatch(UNSEEN);
    expect(Array.from(shown)).toHaveLength(COMPANY_NAME_MAX_LENGTH);
    expect(shown.startsWith('BA gatefröS]0;Byrån <a href="https://evil.example/">Logga in</a>XXX')).toBe(true);
    expect(shown.endsWith('X…')).toBe(true);
    expect((data.get('companies') as CompanyRecord[])[0]!.name).toBe(shown);
    companies.upsert(record({ name: `${HOSTILE}!`, vaultKey: 'v2' }), false);
    expect(companies.list().companies[0]!.name).toBe(shown);
    // Nothing visible at all: the company is still named.
    companies.upsert(record({ id: 'c2', tenantId: '8100002', name: '\u202e\u200b\u001b' }), false);
    expect(companies.list().companies[1]!.name).toBe('Company 8100002');
  });

  it('given by the user: cleaned the same way; one with nothing visible is refused', () => {
    const { companies } = store();
    companies.upsert(record(), true);
    expect(companies.rename('c1', '  Bygg\u202e AB\r\nSyd ').companies[0]!.name).toBe('Bygg AB Syd');
    expect(() => companies.rename('c1', '\u2066\u200b')).toThrow(/no visible characters/);
    expect(companies.list().companies[0]!.name).toBe('Bygg AB Syd');
  });

  it('stored as it came by an earlier version: cleaned once, when the store opens', () => {
    const { companies, data } = store({ companies: [record({ name: HOSTILE }), record({ id: 'c2', tenantId: '8100002', name: 'Kalmars Rörläggeri AB' })] });
    const names = companies.list().companies.map((c) => c.name);
    expect(names[0]).not.toMatch(UNSEEN);
    expect(Array.from(names[0]!)).toHaveLength(COMPANY_NAME_MAX_LENGTH);
    expect(names[1]).toBe('Kalmars Rörläggeri AB');
    expect((data.get('companies') as CompanyRecord[]).map((r) => r.name)).toEqual(names);
  });
});
