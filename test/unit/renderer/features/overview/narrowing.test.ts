/** The grid's chip: what a link narrowed the view to, in Swedish and English, read back from the view. */
import { describe, expect, it } from 'vitest';
import { normaliseView } from '../../../../../renderer/features/invoices/view';
import { linkView, type CustomerLink } from '../../../../../renderer/features/overview/links';
import { bucketOfBounds, expectedText, narrowingText, weekOfDueBounds } from '../../../../../renderer/features/overview/narrowing';
import { tOf } from './helpers';

const asOf = '2026-11-23';
const chip = (link: CustomerLink, language: 'sv' | 'en' = 'sv', today = asOf, names: Record<string, string> = {}) =>
  narrowingText(linkView(normaliseView(null), link, asOf), today, language, tOf(language), (n) => names[n])?.replace(/\u00a0/g, ' ');

describe('the chip', () => {
  it('names each link in Swedish', () => {
    expect(chip({ kind: 'owed', currency: 'SEK' })).toBe('Från översikten: obetalt, SEK');
    expect(chip({ kind: 'overdue', currency: 'EUR' })).toBe('Från översikten: förfallet, EUR');
    expect(chip({ kind: 'drafts', currency: 'SEK' })).toBe('Från översikten: utkast, SEK');
    expect(chip({ kind: 'bucket', bucket: 'd1_30', currency: 'SEK' })).toBe('Från översikten: 1–30 dagar förfallet, SEK');
    expect(chip({ kind: 'bucket', bucket: 'notDue', currency: 'SEK' })).toBe('Från översikten: ej förfallet, SEK');
    expect(chip({ kind: 'bucket', bucket: 'd90plus', currency: 'USD' })).toBe('Från översikten: mer än 90 dagar förfallet, USD');
    expect(chip({ kind: 'customer', customer: '12', currency: 'SEK' }, 'sv', asOf, { '12': 'Åberg AB' })).toBe('Från översikten: förfallet hos Åberg AB, SEK');
    expect(chip({ kind: 'customer', customer: '12', currency: 'SEK' })).toBe('Från översikten: förfallet hos 12, SEK');
    expect(chip({ kind: 'invoiced', month: '2026-10', currency: 'SEK' })).toBe('Från översikten: fakturerat oktober 2026, SEK');
    expect(chip({ kind: 'paid', month: '2026-11', currency: 'SEK' })).toBe('Från översikten: betalt november 2026, SEK');
  });

  it('and in English', () => {
    expect(chip({ kind: 'bucket', bucket: 'd61_90', currency: 'SEK' }, 'en')).toBe('From the overview: 61–90 days overdue, SEK');
    expect(chip({ kind: 'drafts', currency: 'EUR' }, 'en')).toBe('From the overview: drafts, EUR');
    expect(chip({ kind: 'paid', month: '2026-02', currency: 'EUR' }, 'en')).toBe('From the overview: paid February 2026, EUR');
    expect(chip({ kind: 'customer', customer: '12', currency: 'SEK' }, 'en', asOf, { '12': 'Åberg AB' })).toBe('From the overview: overdue from Åberg AB, SEK');
  });

  it('says the dates of a view saved on another day (its bounds no longer make a bucket)', () => {
    expect(chip({ kind: 'bucket', bucket: 'd1_30', currency: 'SEK' }, 'sv', '2026-11-25')).toBe('Från översikten: obetalt, förfaller 2026-10-24–2026-11-22, SEK');
    expect(chip({ kind: 'bucket', bucket: 'd1_30', currency: 'SEK' }, 'en', '2026-11-25')).toBe('From the overview: owed, due 24 Oct 2026–22 Nov 2026, SEK');
    expect(chip({ kind: 'invoiced', month: '2026-11', currency: 'SEK' }, 'sv', '2026-12-02')).toBe('Från översikten: ej makulerade, fakturadatum 2026-11-01–2026-11-23, SEK');
  });

  it('is absent when no link narrowed the view (a due range and a currency have their own controls)', () => {
    expect(narrowingText({ ...normaliseView(null), currency: 'SEK', dueRange: { preset: 'custom', to: '2026-01-01' } }, asOf, 'sv', tOf('sv'))).toBeNull();
  });

  it('names the cash outlook\'s weeks by their ISO week number', () => {
    expect(chip({ kind: 'inWeek', week: '2026-11-30', currency: 'SEK' })).toBe('Från översikten: obetalt, förfaller v. 49, SEK');
    expect(chip({ kind: 'inWeek', week: '2026-11-23', currency: 'SEK' })).toBe('Från översikten: obetalt, förfaller v. 48, SEK');
    expect(chip({ kind: 'expectedWeek', week: '2026-12-07', currency: 'EUR' })).toBe('Från översikten: obetalt, väntas in v. 50, EUR');
    expect(chip({ kind: 'expectedWeek', week: '2026-11-23', currency: 'SEK' })).toBe('Från översikten: obetalt, väntas in v. 48 eller tidigare, SEK');
    expect(chip({ kind: 'inWeek', week: '2026-12-28', currency: 'SEK' }, 'en')).toBe('From the overview: owed, due week 53, SEK');
    expect(chip({ kind: 'expectedWeek', week: '2026-11-23', currency: 'SEK' }, 'en')).toBe('From the overview: owed, expected by week 48, SEK');
  });

  it('says the dates of a week saved on another day, and of expected bounds that are no week', () => {
    // The current week's link on a Wednesday is from that day: on the Friday it is just dates.
    const wednesdayView = linkView(normaliseView(null), { kind: 'inWeek', week: '2026-11-23', currency: 'SEK' }, '2026-11-25');
    expect(narrowingText(wednesdayView, '2026-11-25', 'sv', tOf('sv'))).toBe('Från översikten: obetalt, förfaller v. 48, SEK');
    expect(narrowingText(wednesdayView, '2026-11-27', 'sv', tOf('sv'))).toBe('Från översikten: obetalt, förfaller 2026-11-25–2026-11-29, SEK');
    expect(expectedText({ from: '2026-11-24', to: '2026-11-29' }, 'sv', tOf('sv'))).toBe('väntas in 2026-11-24–2026-11-29');
    expect(weekOfDueBounds({ from: '2026-11-23', to: '2026-11-28' }, asOf)).toBeNull();
    expect(weekOfDueBounds({ to: '2026-11-29' }, asOf)).toBeNull();
  });

  it('recognises every bucket\'s bounds, and nothing else', () => {
    expect(bucketOfBounds({ from: '2026-10-24', to: '2026-11-22' }, asOf)).toBe('d1_30');
    expect(bucketOfBounds({ to: '2026-08-24' }, asOf)).toBe('d90plus');
    expect(bucketOfBounds({ from: '2026-11-23' }, asOf)).toBe('notDue');
    expect(bucketOfBounds({ from: '2026-10-24' }, asOf)).toBeNull();
  });
});
