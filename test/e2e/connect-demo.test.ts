import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchApp, type LaunchedApp } from '../harness/launch-app';
import { connectCompany } from './helpers/connect';

describe('demo mode: connect through the system browser', () => {
  let app: LaunchedApp;
  beforeAll(async () => {
    app = await launchApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('connects the demo company by approving consent, and it appears by name', async () => {
    await connectCompany(app, { company: 'Sandbox Småföretag AB' });
    expect(app.openedExternal()).toHaveLength(1);
    expect(await app.page.getByRole('heading', { level: 1 }).textContent()).toContain('Sandbox Småföretag AB');
  });
});
