/**
 * The first screen through the harness at the default window size (1280 × 800): a company opens on its
 * customer invoices with at least 12 rows in view together with the toolbar, the footer and the
 * pager, and the page itself never scrolls (not at first, not with the copy ready, not after 40
 * wheel ticks over the grid, the sidebar or the overview); the overview's figures ("Förfallet,
 * SEK") are one click away on the tab named Översikt; the headline line's figures open the grid
 * narrowed as the overview's do (counts computed here from the sandbox's own data); the tab is
 * remembered per company; the status bar never says "Redo" beside a sync in progress; an empty
 * search offers "Rensa sökning"; the search field has one clear button; names and figures stay on
 * one line in both languages.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, type SandboxInvoice } from '../../electron/sandbox';
import { launchApp, type LaunchedApp } from '../harness/launch-app';
import { connectCompany, serviceEnv } from './helpers/connect';
import { companyIdByName, normaliseSpaces, pagerRange, selectCompany, serviceToday, settled } from './helpers/grid';
import { expectedReceivables } from './helpers/receivables';

let sandbox: Sandbox;
let app: LaunchedApp;
let largeId: string;
/** What the status bar and the sidebar said at the same moment while the large company's copy was read. */
let duringSync: { sidebar: string; statusBar: string; live: string } | undefined;
const company = (key: 'large' | 'small') => sandbox.companies.find((c) => c.key === key)!;
const invoicesOf = (key: 'large' | 'small'): SandboxInvoice[] => sandbox.control.invoicesOf(company(key).tenantId);
const tab = (name: string) => app.page.getByRole('tablist').getByRole('tab', { name, exact: true });
const chip = async () => normaliseSpaces((await app.page.getByTestId('overview-chip').textContent()) ?? '');
/** The number of rows a pager range ("Rader 1–50 av 2 691") says the view has. */
const totalOf = (range: string) => Number(/av ([\d ]+)$/.exec(range)?.[1]?.replace(/ /g, '') ?? NaN);

/** The page as the user sees it: rows fully in view (under the grid's header, inside its box and the window), and whether the document itself can scroll. */
function layout(page: Page) {
  return page.evaluate(() => {
    const box = (selector: string) => document.querySelector(selector)?.getBoundingClientRect();
    const scroll = box('[data-testid="grid-scroll"]');
    const head = box('[data-testid="grid-scroll"] thead');
    const rows = [...document.querySelectorAll('[data-testid="grid-rows"] tr[role="row"]')].map((row) => row.getBoundingClientRect());
    const inView = scroll && head ? rows.filter((r) => r.top >= head.bottom - 1 && r.bottom <= scroll.bottom + 1 && r.top >= 0 && r.bottom <= window.innerHeight).length : 0;
    const bottom = (selector: string) => box(selector)?.bottom ?? Infinity;
    return {
      rowsInView: inView,
      scrollHeight: document.scrollingElement!.scrollHeight,
      innerHeight: window.innerHeight,
      scrollY: window.scrollY,
      toolbarTop: box('.grid-toolbar')?.top ?? -1,
      footerBottom: bottom('[data-testid="grid-sums-count"]'),
      pagerBottom: bottom('[data-testid="pager"]'),
      mainScrollTop: document.querySelector('main')!.scrollTop,
    };
  });
}

/** Where the frame is: a window that scrolled would move the sidebar and the main area up. */
const frameTop = (page: Page) => page.evaluate(() => ({ sidebar: document.querySelector('aside')!.getBoundingClientRect().top, main: document.querySelector('main')!.getBoundingClientRect().top }));

async function wheel(page: Page, selector: string, ticks: number, deltaY = 120): Promise<number[]> {
  const target = await page.locator(selector).first().boundingBox();
  if (!target) throw new Error(`nothing to wheel over: ${selector}`);
  await page.mouse.move(target.x + target.width / 2, target.y + Math.min(target.height / 2, 300));
  const seen: number[] = [];
  for (let tick = 0; tick < ticks; tick++) {
    await page.mouse.wheel(0, deltaY);
    seen.push(await page.evaluate(() => window.scrollY + document.scrollingElement!.scrollTop));
  }
  return seen;
}

/** Polled here, not with expect.poll: this runs in beforeAll. */
async function synced(companyId: string, supplierToo = true): Promise<void> {
  await app.page.locator(`[data-testid="sync"][data-company="${companyId}"] [data-testid="sync-status"]`).filter({ hasText: /Synkad \d\d:\d\d/ }).waitFor({ timeout: 120_000 });
  if (supplierToo) await app.page.locator('[data-testid="headline-strip"][data-state="ready"] [data-testid="headline-topay"]').waitFor({ timeout: 120_000 });
}

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 6000 });
  // The first sync must last long enough to be seen in progress on a busy machine: 400 ms more on
  // each of the first 12 invoice pages.
  sandbox.control.injectFault('invoices', { latencyMs: [400, 400], count: 12 });
  app = await launchApp({ env: serviceEnv(sandbox), viewport: { width: 1280, height: 800 } });
  await connectCompany(app, { company: company('large').name });
  largeId = await companyIdByName(app.page, company('large').name);
  // While the copy is read: what the sidebar and the status bar say at one and the same moment.
  const until = Date.now() + 60_000;
  while (!duringSync && Date.now() < until) {
    duringSync = await app.page.evaluate(() => {
      const line = document.querySelector('[data-testid="sync-status"][data-phase="syncing"]');
      const footer = document.querySelector('footer.status-bar');
      return line && footer ? { sidebar: line.textContent ?? '', statusBar: footer.textContent ?? '', live: footer.querySelector('[role="status"]')?.textContent ?? '' } : undefined;
    });
    if (!duringSync) await app.page.waitForTimeout(50);
  }
}, 120_000);

afterAll(async () => {
  await app?.close();
  await sandbox?.close();
});

describe('the first screen', () => {
  it('opens the company on its customer invoices: at least 12 rows in view with the toolbar, footer and pager, and no page scroll', async () => {
    expect(await tab('Kundfakturor').getAttribute('aria-selected')).toBe('true');
    expect(await app.page.getByRole('tablist').getByRole('tab').allTextContents()).toEqual(['Översikt', 'Sedan sist', 'Kundfakturor', 'Leverantörsfakturor', 'Kunder', 'Leverantörer']);
    await settled(app.page, { company: largeId });
    let shown = await layout(app.page);
    expect(shown.rowsInView).toBeGreaterThanOrEqual(12);
    expect(shown.scrollHeight).toBeLessThanOrEqual(shown.innerHeight);
    // With the copy ready the toolbar has more in it (due dates, currency) and the footer its sums.
    await synced(largeId);
    await settled(app.page, { company: largeId });
    await app.page.getByTestId('grid-sums-count').waitFor();
    shown = await layout(app.page);
    expect(shown.rowsInView, JSON.stringify(shown)).toBeGreaterThanOrEqual(12);
    expect(shown.scrollHeight).toBeLessThanOrEqual(shown.innerHeight);
    expect(shown.toolbarTop).toBeGreaterThanOrEqual(0);
    expect(shown.footerBottom).toBeLessThanOrEqual(shown.innerHeight);
    expect(shown.pagerBottom).toBeLessThanOrEqual(shown.innerHeight);
    expect(shown.mainScrollTop).toBe(0);
  });

  it('never moves the window: 40 wheel ticks over the grid, the sidebar and the overview', async () => {
    const before = await frameTop(app.page);
    for (const [selector, openTab] of [['[data-testid="grid-scroll"]', 'Kundfakturor'], ['aside.sidebar', 'Kundfakturor'], ['[data-testid="workspace-panel"]', 'Översikt']] as const) {
      await tab(openTab).click();
      await app.page.locator(selector).first().waitFor();
      for (const direction of [120, -120]) {
        const seen = await wheel(app.page, selector, 40, direction);
        expect(seen.every((y) => y === 0), `${selector}: ${seen.join(',')}`).toBe(true);
        expect(await frameTop(app.page)).toEqual(before);
      }
    }
    // The grid's own rows did scroll (the wheel reached it): only the window stayed.
    await tab('Kundfakturor').click();
    await wheel(app.page, '[data-testid="grid-scroll"]', 5);
    expect(await app.page.getByTestId('grid-scroll').evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    expect((await layout(app.page)).mainScrollTop).toBe(0);
    await app.page.getByTestId('grid-scroll').evaluate((el) => el.scrollTo({ top: 0 }));
  });

  it('has the overview\'s figures ("Förfallet, SEK") one click away, on the tab named Översikt', async () => {
    await tab('Kundfakturor').click();
    await tab('Översikt').click();
    const overview = app.page.getByTestId('receivables-overview');
    await overview.waitFor();
    const expected = expectedReceivables(invoicesOf('large'), serviceToday()).SEK!;
    const line = overview.locator('[data-testid="owed-row"][data-currency="SEK"] div').filter({ hasText: 'Förfallet, SEK' });
    await line.waitFor();
    expect(Number(await line.getByTestId('overdue-amount').getAttribute('data-count'))).toBe(expected.overdueCount);
    expect(await app.page.evaluate(() => document.scrollingElement!.scrollHeight <= window.innerHeight)).toBe(true);
  });

  it('opens the grid narrowed from the headline line, as the overview\'s figures do', async () => {
    const expected = expectedReceivables(invoicesOf('large'), serviceToday()).SEK!;
    const overdue = app.page.getByTestId('headline-overdue');
    expect(Number(await overdue.getAttribute('data-amount'))).toBeCloseTo(expected.overdue, 2);
    expect(Number(await overdue.getAttribute('data-count'))).toBe(expected.overdueCount);
    await overdue.click();
    await expect.poll(() => tab('Kundfakturor').getAttribute('aria-selected')).toBe('true');
    await expect.poll(chip).toBe('Från översikten: förfallet, SEK×');
    await settled(app.page, { company: largeId, page: 1 });
    await expect.poll(async () => totalOf(await pagerRange(app.page))).toBe(expected.overdueCount);
    await app.page.getByTestId('overview-chip-clear').click();

    // To pay: the supplier tab, narrowed to what is to pay in SEK (count as the figure's).
    const toPay = app.page.getByTestId('headline-topay');
    const toPayCount = Number(await toPay.getAttribute('data-count'));
    expect(toPayCount).toBe(sandbox.control.supplierInvoicesOf(company('large').tenantId).filter((s) => s.Currency === 'SEK' && !s.Cancelled && s.Balance !== 0).length);
    await toPay.click();
    await expect.poll(() => tab('Leverantörsfakturor').getAttribute('aria-selected')).toBe('true');
    await expect.poll(chip).toBe('Från översikten: att betala, SEK×');
    await expect.poll(async () => totalOf(await pagerRange(app.page))).toBe(toPayCount);
    await app.page.getByTestId('overview-chip-clear').click();

    // The lowest week: its own invoices, as many as the figure says.
    const lowest = app.page.getByTestId('headline-lowest-week');
    const side = await lowest.getAttribute('data-side');
    await lowest.click();
    await expect.poll(() => tab(side === 'out' ? 'Leverantörsfakturor' : 'Kundfakturor').getAttribute('aria-selected')).toBe('true');
    await expect.poll(chip).toMatch(/^Från översikten: .*förfaller .*, SEK×$/);
    await app.page.getByTestId('overview-chip-clear').click();
  });

  it('remembers the tab per company; a company with nothing remembered opens on its customer invoices', async () => {
    await tab('Översikt').click();
    await app.page.getByRole('navigation').getByRole('button', { name: /Lägg till företag/ }).click();
    await connectCompany(app, { company: company('small').name });
    const smallId = await companyIdByName(app.page, company('small').name);
    await expect.poll(() => app.page.getByTestId('workspace-panel').getAttribute('data-tab')).toBe('invoices');
    await settled(app.page, { company: smallId });
    await tab('Leverantörsfakturor').click();
    await selectCompany(app.page, company('large').name);
    await expect.poll(() => tab('Översikt').getAttribute('aria-selected')).toBe('true');
    await selectCompany(app.page, company('small').name);
    await expect.poll(() => tab('Leverantörsfakturor').getAttribute('aria-selected')).toBe('true');
    // And after a restart of the window (a reload): still each company's own.
    await app.page.reload();
    await expect.poll(() => tab('Leverantörsfakturor').getAttribute('aria-selected'), { timeout: 20_000 }).toBe('true');
    await selectCompany(app.page, company('large').name);
    await expect.poll(() => tab('Översikt').getAttribute('aria-selected')).toBe('true');
    await tab('Kundfakturor').click();
    await synced(largeId);
  });
});

describe('what agrees and what is one', () => {
  it('the status bar showed the sync in progress while the sidebar did, never "Redo"', () => {
    expect(duringSync, 'the sync was never seen in progress').toBeDefined();
    expect(normaliseSpaces(duringSync!.sidebar)).toMatch(/^Synkar/);
    // What the status bar says is the sidebar's line, not a word of its own.
    expect(normaliseSpaces(duringSync!.statusBar)).toContain('Synkar');
    expect(duringSync!.statusBar).not.toContain('Redo');
    expect(duringSync!.live).toBe('');
    expect(normaliseSpaces(duringSync!.statusBar)).toContain(`${company('large').name}: `);
  });

  it('an empty search offers "Rensa sökning", which clears it; the field has one clear button', async () => {
    await settled(app.page, { company: largeId });
    const all = totalOf(await pagerRange(app.page));
    const search = app.page.getByTestId('text-search');
    await search.fill('zzzqqxxnothingmatches');
    // The browser's own ✕ of a search field is hidden: ours is the only one.
    const hidesNative = await search.evaluate((el) =>
      [...document.styleSheets].some((sheet) =>
        [...sheet.cssRules].some((rule) => {
          if (!(rule instanceof CSSStyleRule) || !rule.selectorText.includes('::-webkit-search-cancel-button') || rule.style.display !== 'none') return false;
          return rule.selectorText.split(',').some((selector) => selector.includes('::-webkit-search-cancel-button') && el.matches(selector.replace('::-webkit-search-cancel-button', '').trim()));
        }),
      ),
    );
    expect(hidesNative).toBe(true);
    expect(await app.page.getByRole('button', { name: 'Rensa sökningen' }).count()).toBe(1);
    await app.page.getByTestId('grid-empty').waitFor({ timeout: 10_000 });
    await app.page.getByTestId('grid-empty').getByRole('button', { name: 'Rensa sökning', exact: true }).click();
    await expect.poll(() => search.inputValue()).toBe('');
    await expect.poll(async () => totalOf(await pagerRange(app.page))).toBe(all);
  });

  it('the search comes first in the toolbar of both lists, the chips under it', async () => {
    const place = () =>
      app.page.evaluate(() => {
        const toolbar = document.querySelector('.grid-toolbar')!;
        const search = toolbar.querySelector('[role="search"]')!.getBoundingClientRect();
        const chips = document.querySelector('[data-testid="filter-chips"]')!.getBoundingClientRect();
        return { first: toolbar.firstElementChild?.getAttribute('role'), left: Math.round(search.left), top: Math.round(search.top), chipsBelow: chips.top >= search.bottom };
      });
    const customers = await place();
    await tab('Leverantörsfakturor').click();
    await app.page.locator('[data-testid="invoice-grid"][data-resource="supplierinvoices"]').waitFor();
    const suppliers = await place();
    expect(customers).toEqual({ first: 'search', left: suppliers.left, top: suppliers.top, chipsBelow: true });
    expect(suppliers.chipsBelow).toBe(true);
    await tab('Kundfakturor').click();
  });
});

describe('on one line, in both languages', () => {
  const language = (value: 'sv' | 'en') => app.page.getByLabel(/Språk|Language/).selectOption(value);
  /** Whether an element's text sits on one line and is not cut. */
  const oneLine = (selector: string) =>
    app.page.locator(selector).evaluateAll((els) =>
      els.map((el) => {
        const style = getComputedStyle(el);
        const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.3;
        return { text: el.textContent, lines: Math.round(el.getBoundingClientRect().height / lineHeight), cut: el.scrollWidth > el.clientWidth };
      }),
    );

  it('the sidebar\'s company names: whole, on one line', async () => {
    for (const name of await oneLine('.company-name')) {
      expect(name.lines, name.text ?? '').toBe(1);
      expect(name.cut, name.text ?? '').toBe(false);
    }
  });

  it('each figure\'s label beside its amount ("Betalning pågår, SEK", "Overdue, SEK"); names in the lists on one line', async () => {
    await tab('Översikt').click();
    await app.page.getByTestId('receivables-overview').waitFor();
    for (const value of ['sv', 'en'] as const) {
      await language(value);
      await app.page.getByRole('tab', { name: value === 'sv' ? 'Översikt' : 'Overview', exact: true }).waitFor();
      const apart = await app.page.locator('.owed-currency > div').evaluateAll((lines) =>
        lines.map((line) => {
          const label = line.querySelector('dt')!.getBoundingClientRect();
          const amount = line.querySelector('.figure-amount')!.getBoundingClientRect();
          return { label: line.querySelector('dt')!.textContent, sameLine: amount.top < label.bottom && amount.bottom > label.top };
        }),
      );
      expect(apart.length).toBeGreaterThan(6);
      expect(apart.filter((line) => !line.sameLine), value).toEqual([]);
      for (const name of await oneLine('[data-testid="top-customer-name"], [data-testid="pay-supplier-name"]')) expect(name.lines, `${value}: ${name.text}`).toBe(1);
      // The ageing chart's counts never run together ("156 inv.2,222 inv."): each within its bar's slot.
      const overlaps = await app.page.locator('[data-testid="ageing-chart"] .chart-count, [data-testid="pay-ageing-chart"] .chart-count').evaluateAll((texts) =>
        texts.flatMap((text, index) => {
          const next = texts[index + 1];
          if (!next || next.parentElement?.parentElement !== text.parentElement?.parentElement) return [];
          return text.getBoundingClientRect().right > next.getBoundingClientRect().left - 2 ? [`${text.textContent} | ${next.textContent}`] : [];
        }),
      );
      expect(overlaps, value).toEqual([]);
    }
    await language('sv');
    await tab('Kundfakturor').click();
  });
});
