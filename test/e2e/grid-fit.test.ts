/**
 * A newcomer's first look: a new company opens on the newest invoices, and at the window's default
 * size (1280 × 800) the grid needs no sideways scrolling and shows status, balance and due date; a
 * narrower window drops the least useful columns instead of hiding the status.
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
