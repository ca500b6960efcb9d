import { describe, expect, it } from 'vitest';
import { parseDay, parseLastModified } from '../../../electron/sandbox/dates';
import { isLuhnValid, luhnCheckDigit, ocrFor, organisationNumber } from '../../../electron/sandbox/luhn';

describe('Luhn', () => {
  it('computes known check digits', () => {
    // 7992739871 -> 3 is the classic Luhn example; 556036079 -> 3 (a real Swedish organisation number shape).
    expect(luhnCheckDigit('7992739871')).toBe(3);
    expect(isLuhnValid('79927398713')).toBe(true);
    expect(isLuhnValid('79927398710')).toBe(false);
  });

  it('builds OCR numbers with a length digit and a check digit', () => {
    for (const payload of ['1', '42', '12345', '50000']) {
      const ocr = ocrFor(payload);
      expect(ocr.startsWith(payload)).toBe(true);
      expect(ocr).toHaveLength(payload.length + 2);
      expect(Number(ocr.at(-2))).toBe(ocr.length % 10);
      expect(isLuhnValid(ocr)).toBe(true);
    }
  });

  it('builds organisation numbers 556xxx-xxxx with a valid check digit', () => {
    const number = organisationNumber('123456');
    expect(number).toMatch(/^556123-456\d$/);
    expect(isLuhnValid(number.replace('-', ''))).toBe(true);
  });
});

describe('dates', () => {
  it('parses valid days only', () => {
    expect(parseDay('2024-02-29')).not.toBeNull();
    expect(parseDay('2023-02-29')).toBeNull();
    expect(parseDay('2024-2-1')).toBeNull();
  });

  it('parses the three lastmodified formats the service documents, as Swedish local time', () => {
    expect(parseLastModified('2019-03-10 12:30')).toBe(Date.UTC(2019, 2, 10, 11, 30)); // CET
    expect(parseLastModified('2019-03-10 12:30:15')).toBe(Date.UTC(2019, 2, 10, 11, 30, 15));
    expect(parseLastModified('2021-06-01')).toBe(Date.UTC(2021, 4, 31, 22)); // CEST
    for (const bad of ['2019-03-10T12:30:00', '2019-03-10 24:00', '2019-03-10 12:60', '2019-03-10 12', '10/03/2019', '']) {
      expect(parseLastModified(bad)).toBeNull();
    }
  });
});

describe('the service keeps Swedish time', () => {
  it('"today" is the Swedish date, in winter and in summer', async () => {
    const { swedishDayOf, formatDay } = await import('../../../electron/sandbox/dates');
    expect(formatDay(swedishDayOf(Date.UTC(2026, 0, 4, 23, 30)))).toBe('2026-01-05'); // 00:30 CET
    expect(formatDay(swedishDayOf(Date.UTC(2026, 6, 4, 21, 59)))).toBe('2026-07-04'); // 23:59 CEST
    expect(formatDay(swedishDayOf(Date.UTC(2026, 6, 4, 22, 0)))).toBe('2026-07-05'); // 00:00 CEST
  });

  it('lastmodified is a Swedish wall-clock time', async () => {
    const { parseLastModified } = await import('../../../electron/sandbox/dates');
    expect(parseLastModified('2026-01-05 12:30')).toBe(Date.UTC(2026, 0, 5, 11, 30));
    expect(parseLastModified('2026-07-05 12:30:15')).toBe(Date.UTC(2026, 6, 5, 10, 30, 15));
    expect(parseLastModified('2026-07-05')).toBe(Date.UTC(2026, 6, 4, 22, 0));
  });
});
