// `digest`'s arguments and its text: the options it documents, refused values said plainly, and
// the grouped lines with the service's strings made safe.
import { describe, expect, it } from 'vitest';
import { parseDigestArgs } from '../../../electron/cli/digest-args';
import { digestText } from '../../../electron/cli/digest-text';
import type { DigestEvent } from '../../../electron/common/digest';

const env = { INVOICE_DESK_CLIENT_ID: 'id', INVOICE_DESK_CLIENT_SECRET: 's', INVOICE_DESK_AUTH_URL: 'http://127.0.0.1:1', INVOICE_DESK_API_URL: 'http://127.0.0.1:1/api' };
const parse = (args: string[]) => parseDigestArgs(args, env, '/work');

describe('digest arguments', () => {
  it('takes the tenant, the folder, --json, --since and --lang (en by default)', () => {
    expect(parse(['--tenant', '42', '--mirror', 'copies'])).toMatchObject({ help: false, plan: { tenantId: '42', mirrorDir: '/work/copies', json: false, lang: 'en' } });
    expect(parse(['--tenant', '42', '--mirror', 'c', '--json', '--since', '2026-11-01', '--lang', 'sv'])).toMatchObject({ plan: { json: true, since: '2026-11-01', lang: 'sv' } });
    expect(parse(['--help'])).toEqual({ help: true });
  });

  it('refuses what is not a day, a language or a tenant, naming the option', () => {
    expect(() => parse(['--tenant', '42', '--mirror', 'c', '--since', '2026-02-30'])).toThrow('invalid --since: "2026-02-30" is not a day');
    expect(() => parse(['--tenant', '42', '--mirror', 'c', '--lang', 'de'])).toThrow('invalid --lang');
    expect(() => parse(['--tenant', 'x', '--mirror', 'c'])).toThrow('invalid --tenant');
    expect(() => parse(['--tenant', '42'])).toThrow('--mirror is required');
  });
});

const event = (overrides: Partial<DigestEvent>): DigestEvent => ({
  seq: 1, kind: 'invoice-paid', resource: 'invoices', id: '1', at: '2026-11-27T06:00:00.000Z', amount: 100, currency: 'SEK', balanceAfter: 0, counterpartyNumber: '7', counterpartyName: 'Acme AB', ...overrides,
});

describe('digest text', () => {
  it('groups by kind with a count and sums per currency, newest first, in both languages', () => {
    const events = [event({ seq: 1, id: '1', amount: 1200 }), event({ seq: 2, id: '2', amount: 50.5, currency: 'EUR' }), event({ seq: 3, kind: 'invoice-overdue', id: '9', at: '2026-11-27', amount: 10 })];
    const en = digestText('42', '2026-11-27', events, 'en');
    expect(en).toContain('Tenant 42: what changed since you last looked (as of 2026-11-27), 3 events');
    expect(en).toContain('Invoices paid: 2 (EUR 50.50, SEK 1,200.00)');
    expect(en.indexOf('  2026-11-27  2  ')).toBeLessThan(en.indexOf('  2026-11-27  1  '));
    expect(en).toContain('Newly overdue invoices: 1 (SEK 10.00)');
    const sv = digestText('42', '2026-11-27', events, 'sv');
    expect(sv).toContain('Betalda fakturor: 2 (EUR 50,50, SEK 1\u00a0200,00)');
    expect(digestText('42', '2026-11-27', [], 'sv')).toBe('Företag 42: inget nytt sedan förra sammanfattningen (per 2026-11-27).\n');
  });

  it('writes no control character of a service string', () => {
    const text = digestText('42', '2026-11-27', [event({ counterpartyName: 'Evil\u001b]0;pwned\u0007\r\nAB', id: '1\u202e2' })], 'en');
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
    expect(text).toContain('Evil]0;pwned  AB');
  });
});
