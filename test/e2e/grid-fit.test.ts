/**
 * A newcomer's first look: a new company opens on the newest invoices, and at the window's default
 * size (1280 × 800) the grid needs no sideways scrolling and shows status, balance and due date; a
 * narrower window drops the least useful columns instead of hiding the status; beside the details
 * panel the customers' names stay readable; every header, in Swedish and English and with every
 * column shown, fits on one line with its sort mark in view.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchApp, type LaunchedApp } from '../harness/launch-app';
import { connectCompany } from './helpers/connect';

let app: LaunchedApp;

beforeAll(async () => {
  app = await launchApp({ viewport: { width: 1280, height: 800 } });
  await connectCompany(app, { company: 'Sandbox Småföretag AB' });
  await app.page.getByRole('grid').getByRole('row').nth(1).waitFor({ timeout: 20_000 });
});
afterAll(async () => {
  await app?.close();
});

const scroll = () =>
  app.page.getByTestId('grid-scroll').evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
/**
 * What a user would see wrong in the header row: a label cut or wrapped, a cell whose content spills
 * out, a sortable column without its sort mark (or with the mark outside its cell).
 */
const headerProblems = () =>
  app.page.locator('th[data-column]').evaluateAll((cells) =>
    cells.flatMap((th) => {
      const id = th.getAttribute('data-column');
      const label = th.querySelector<HTMLElement>('.sort-button > span:first-child, .header-label');
      if (!label?.textContent) return [`${id}: no label`];
      const problems: string[] = [];
      const name = `${id} "${label.textContent}"`;
      if (label.scrollWidth > label.clientWidth) problems.push(`${name}: cut (${label.scrollWidth} > ${label.clientWidth} px)`);
      if (label.getBoundingClientRect().height > 24) problems.push(`${name}: on more than one line`);
      if (th.scrollWidth > th.clientWidth) problems.push(`${name}: spills out of its cell`);
      const button = th.querySelector('.sort-button');
      if (button) {
        const mark = th.querySelector<HTMLElement>('.sort-mark');
        const box = mark?.getBoundingClientRect();
        const cell = th.getBoundingClientRect();
        if (!mark || !box || !/^[↕▲▼]$/.test(mark.textContent ?? '') || box.width === 0) problems.push(`${name}: sortable without a sort mark`);
        else if (box.left < cell.left || box.right > cell.right) problems.push(`${name}: its sort mark is outside the cell`);
      }
      return problems;
    }),
  );
const language = (value: 'sv' | 'en') => app.page.getByLabel(/Språk|Language/).selectOption(value);
const visibleHeaders = () => app.page.locator('th[data-column]').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-column')));

describe('the grid at the default window size', () => {
  it('opens on the newest invoices first', async () => {
    await app.page.locator('th[data-column="invoiceDate"][aria-sort="descending"]').waitFor();
    const dates = await app.page.locator('[data-testid="grid-rows"] td[data-column="invoiceDate"]').allTextContents();
    expect(dates.length).toBeGreaterThan(5);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('fits 1280 × 800 without sideways scrolling, with status, balance and due date in view', async () => {
    const { scrollWidth, clientWidth } = await scroll();
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    expect(await visibleHeaders()).toEqual(expect.arrayContaining(['status', 'balance', 'dueDate']));
    for (const id of ['status', 'balance', 'dueDate']) {
      const box = await app.page.locator(`th[data-column="${id}"]`).boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(1280);
    }
    // OCR and currency wait in the column menu.
    expect(await visibleHeaders()).not.toContain('ocr');
  });

  it('drops the least useful columns on a narrow window, never the status', async () => {
    await app.page.setViewportSize({ width: 960, height: 800 });
    await expect.poll(async () => (await scroll()).scrollWidth <= (await scroll()).clientWidth).toBe(true);
    const shown = await visibleHeaders();
    expect(shown).toEqual(expect.arrayContaining(['documentNumber', 'customerName', 'status', 'balance', 'dueDate']));
    await app.page.setViewportSize({ width: 1280, height: 800 });
  });
});

describe('beside the details panel', () => {
  it('keeps the customers\' names readable: the due date makes way and the name takes the room', async () => {
    await app.page.locator('[data-testid="grid-rows"] tr[data-index="0"]').click();
    await app.page.keyboard.press('Enter');
    await app.page.getByTestId('invoice-details').waitFor();
    await expect.poll(visibleHeaders).toEqual(['documentNumber', 'customerName', 'balance', 'status']);
    const { scrollWidth, clientWidth } = await scroll();
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    const name = await app.page.locator('th[data-column="customerName"]').boundingBox();
    expect(name!.width).toBeGreaterThanOrEqual(220);
    // Most names in view read in full (a few very long ones may still end in "…", with a tooltip).
    const cut = await app.page.locator('[data-testid="grid-rows"] td[data-column="customerName"] .cell-text').evaluateAll((cells) => cells.map((cell) => cell.scrollWidth > cell.clientWidth));
    expect(cut.length).toBeGreaterThan(5);
    expect(cut.filter(Boolean).length / cut.length).toBeLessThan(0.2);
    await app.page.keyboard.press('Escape');
    await app.page.getByTestId('invoice-details').waitFor({ state: 'detached' });
  });
});

describe('the header row', () => {
  it('fits every label on one line with its sort mark, in Swedish and English', async () => {
    for (const value of ['sv', 'en'] as const) {
      await language(value);
      await app.page.locator(`th[data-column="documentNumber"]`).getByText(value === 'sv' ? 'Fakturanr' : 'Invoice no.').waitFor();
      expect(await headerProblems(), value).toEqual([]);
    }
  });

  it('fits every label with every column shown, in both languages', async () => {
    await app.page.setViewportSize({ width: 2200, height: 800 }); // wide enough for all 16 of them
    await app.page.getByTestId('column-menu-button').click();
    const boxes = app.page.locator('.column-list input[type="checkbox"]:not(:checked)');
    while ((await boxes.count()) > 0) await boxes.first().check();
    await app.page.keyboard.press('Escape');
    await expect.poll(async () => (await visibleHeaders()).length).toBe(16);
    for (const value of ['en', 'sv'] as const) {
      await language(value);
      await app.page.locator(`th[data-column="documentNumber"]`).getByText(value === 'sv' ? 'Fakturanr' : 'Invoice no.').waitFor();
      expect(await headerProblems(), value).toEqual([]);
    }
    await app.page.setViewportSize({ width: 1280, height: 800 });
  });
});
