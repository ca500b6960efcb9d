/**
 * Reading and driving the invoice grid from a test. Rows are virtualised: only the rows in view
 * are in the DOM, so "every row of the page" means scrolling through the grid and collecting rows
 * by their aria-rowindex (the grid's aria-rowcount says how many there are).
 */
import type { Page } from 'playwright-core';
import type { SandboxInvoice } from '../../../electron/sandbox';

export interface GridRow {
  /** 0-based position on the page (aria-rowindex - 2: the header is row 1). */
  index: number;
  documentNumber: string;
  cells: Record<string, string>;
  selected: boolean;
}

export const grid = (page: Page) => page.locator('table[role="grid"]');

/** Waits until the grid shows `pageNumber` (any page when absent) with its own rows, not a placeholder. */
export async function settled(page: Page, options: { page?: number; company?: string; timeout?: number } = {}): Promise<void> {
  await page.waitForFunction(
    ({ wanted, company }) => {
      const section = document.querySelector<HTMLElement>('[data-testid="invoice-grid"]');
      const table = section?.querySelector<HTMLElement>('table[role="grid"]');
      if (!section || !table) return false;
      if (company !== undefined && section.dataset.company !== company) return false;
      if (table.dataset.placeholder !== 'false' || table.getAttribute('aria-busy') !== 'false') return false;
      const shown = table.dataset.page;
      return shown !== '' && (wanted === undefined || shown === String(wanted));
    },
    { wanted: options.page, company: options.company },
    { timeout: options.timeout ?? 30_000 },
  );
}

/** The rows in the DOM right now (the ones in view plus the virtualiser's overscan). */
export async function renderedRows(page: Page): Promise<GridRow[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLTableRowElement>('[data-testid="grid-rows"] tr[role="row"]')].map((tr) => ({
      index: Number(tr.getAttribute('aria-rowindex')) - 2,
      documentNumber: tr.dataset.documentNumber ?? '',
      selected: tr.getAttribute('aria-selected') === 'true',
      cells: Object.fromEntries([...tr.querySelectorAll<HTMLElement>('td[data-column]')].map((td) => [td.dataset.column ?? '', td.textContent ?? ''])),
    })),
  );
}

/** Every row of the page, in order, by scrolling the grid from top to bottom. */
export async function allRows(page: Page): Promise<GridRow[]> {
  const byIndex = new Map<number, GridRow>();
  const scroller = page.getByTestId('grid-scroll');
  await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
  for (let step = 0; step < 10_000; step++) {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    for (const row of await renderedRows(page)) byIndex.set(row.index, row);
    const atEnd = await scroller.evaluate((el) => {
      if (el.scrollTop + el.clientHeight >= el.scrollHeight - 1) return true;
      el.scrollTop += Math.max(1, el.clientHeight - 40);
      return false;
    });
    if (atEnd) break;
  }
  await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
  return [...byIndex.values()].sort((a, b) => a.index - b.index);
}

/** aria-rowcount minus the header row: the rows of the page, rendered or not. */
export async function rowCount(page: Page): Promise<number> {
  return Number(await grid(page).getAttribute('aria-rowcount')) - 1;
}

export async function pagerRange(page: Page): Promise<string> {
  return normaliseSpaces((await page.getByTestId('pager-range').textContent()) ?? '');
}

/**
 * The footer's table of sums: per currency its row's count, Total and Balance as shown, spaces
 * plain and minus signs ASCII (compare with `toLocaleString('sv-SE', …)` made plain the same way).
 */
export async function sumsRows(page: Page): Promise<Record<string, { count: string; total: string; balance: string }>> {
  const rows = await page.locator('[data-testid="grid-sums"] tr[data-testid="grid-sums-currency"]').evaluateAll((trs) =>
    trs.map((tr) => {
      const cell = (id: string) => tr.querySelector(`[data-testid="${id}"]`)?.textContent ?? '';
      return { currency: (tr as HTMLElement).dataset.currency ?? '', count: cell('grid-sums-row-count'), total: cell('grid-sums-total'), balance: cell('grid-sums-balance') };
    }),
  );
  const plain = (text: string) => normaliseSpaces(text).replace(/\u2212/g, '-');
  return Object.fromEntries(rows.map((r) => [r.currency, { count: plain(r.count), total: plain(r.total), balance: plain(r.balance) }]));
}

/** Intl groups with no-break spaces: compare texts with plain ones. */
export function normaliseSpaces(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ');
}

export function byDocumentNumber(invoices: SandboxInvoice[]): Map<string, SandboxInvoice> {
  return new Map(invoices.map((invoice) => [invoice.DocumentNumber, invoice]));
}

/** The sandbox's "today" for the filters: the service clock's Swedish date (computed here on its own). */
export function serviceToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Stockholm', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

export async function companyIdByName(page: Page, name: string): Promise<string> {
  const reply = (await page.evaluate(() =>
    (window as unknown as { invoiceDesk: { companies: { list: () => Promise<unknown> } } }).invoiceDesk.companies.list(),
  )) as { value: { companies: Array<{ id: string; name: string }> } };
  const company = reply.value.companies.find((c) => c.name === name);
  if (!company) throw new Error(`no company named ${name}`);
  return company.id;
}

export async function selectCompany(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation').getByRole('button', { name: new RegExp(name) }).click();
}

/** Waits a little and for no grid request to be in flight (a prefetch, say). */
export async function quiet(page: Page, ms = 600): Promise<void> {
  await page.waitForTimeout(ms);
  await page.waitForFunction(() => document.querySelector('table[role="grid"]')?.getAttribute('aria-busy') === 'false');
}

/**
 * The app as the README's pictures show it: the selected company's local copy synced (the sidebar
 * says "Synkad HH:MM"), the grid answering from it on the customer invoices' tab, and the headline
 * line's figures in place. A picture taken mid-sync would catch the grid switching from the
 * service to the copy, and the headline figures appearing.
 */
export async function copyReady(page: Page, timeout = 120_000): Promise<void> {
  await page.getByTestId('sync-status').filter({ hasText: /Synkad \d\d:\d\d/ }).waitFor({ timeout });
  const tab = page.getByRole('tablist').getByRole('tab', { name: /^(Kundfakturor|Customer invoices)$/ });
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
  await page.locator('[data-testid="headline-strip"][data-state="ready"]').waitFor({ timeout: 30_000 });
  // "Synkad" comes after the supplier invoices too: their figure follows when the company can read them.
  await page.getByTestId('headline-topay').waitFor({ timeout: 15_000 }).catch(() => undefined);
}
