// Service text in a desktop notification: a client company's 10 kB name with a bidi override, an
// escape sequence, a carriage return and a link in it, and currencies that are no codes, give a
// short body of visible characters whose tags a Linux notification server shows as text, not as a
// link; where the OS shows the body as plain text it is not escaped ("&" stays "&").
import { describe, expect, it } from 'vitest';
import { defaultNotificationSettings, notificationText, type KindTally } from '../../../electron/common/digest';
import { notificationCurrency, notificationSafe } from '../../../electron/common/notification-text';
import { capText, visibleText } from '../../../electron/common/visible-text';

const LINK = '<a href="https://evil.example/login">Byrån: logga in igen</a>';
const HOSTILE = `\u202eBA gatefröS\u001b[2J\r\n${LINK}\u200b\u2066${'X'.repeat(10_000)}`;
/** What a person must never find in a notification: controls, format characters (bidi, zero-width), line breaks. */
const UNSEEN = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
const paid: KindTally[] = [{ kind: 'invoice-paid', count: 3, sums: { SEK: 1000, '<b>EUR</b>': 20, 'US\u202eD': 5, usd: 1 } }];

describe('a notification of a client company\'s sync', () => {
  it('is a short line of visible characters, its tags escaped where the body is markup', () => {
    const body = notificationText(HOSTILE, paid, defaultNotificationSettings, 'en', true) as string;
    expect(body.length).toBeLessThan(200);
    expect(body).not.toMatch(UNSEEN);
    expect(body).not.toMatch(/[<>]/);
    expect(body.startsWith('BA gatefröS[2J &lt;a href="https://evil.example/login"&gt;Byrån: logga in igen&lt;/a&gt;XXX')).toBe(true);
    // The name as shown cut at 80 characters; then the app's own words, and only three capitals as a currency code.
    const [name, words] = body.split('…: ') as [string, string];
    expect(name.replace(/&(lt|gt|amp);/g, '<')).toHaveLength(79);
    expect(words).toBe('3 payments, SEK 1,000, ¤ 20, ¤ 1, ¤ 5');
  });

  it('is not escaped where the OS shows the body as it is, and cleaned all the same', () => {
    const body = notificationText(`Berg & Son\u202e <AB>\r\n`, paid, defaultNotificationSettings, 'sv', false) as string;
    expect(body.replace(/\u00a0/g, ' ')).toBe('Berg & Son <AB>: 3 betalningar, 1 000 kr, ¤ 20, ¤ 1, ¤ 5');
  });

  it('lists at most four sums, then one "…"', () => {
    const many: KindTally[] = [{ kind: 'invoice-paid', count: 6, sums: { SEK: 1, EUR: 2, USD: 3, GBP: 4, NOK: 5, DKK: 6 } }];
    expect(notificationText('AB', many, defaultNotificationSettings, 'en')).toBe('AB: 6 payments, SEK 1, DKK 6, EUR 2, GBP 4, …');
  });
});

describe('notification-safe text', () => {
  it('keeps names as they read, removes what no one reads, cuts at whole characters', () => {
    expect(notificationSafe('Åkesson & Söner AB', { markup: true })).toBe('Åkesson &amp; Söner AB');
    expect(notificationSafe('Åkesson & Söner AB', { markup: false })).toBe('Åkesson & Söner AB');
    expect(visibleText('  Ny\u00a0\u00a0kund\u200d\u00ad AB\u3164\u2800 \ufeff')).toBe('Ny kund AB');
    expect(visibleText('A\u0301')).toBe('Á'); // NFC
    expect(capText('😀'.repeat(5), 3)).toBe('😀😀…');
    expect(notificationCurrency('SEK')).toBe('SEK');
    for (const code of ['sek', 'SEKK', 'S<K', '', '\u202eKES']) expect(notificationCurrency(code)).toBe('¤');
  });
});
