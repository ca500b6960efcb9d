import { describe, expect, it } from 'vitest';
import { APP_ENTRY_URL } from '../../../electron/app-protocol';
import { isAppUrl, isTrustedSender } from '../../../electron/ipc/sender';

const policy = { trustedWebContentsIds: () => [7], rendererUrl: APP_ENTRY_URL };
const fromMainFrame = (frameUrl: string | undefined, webContentsId = 7) => ({ webContentsId, frameUrl, isMainFrame: true });

describe('IPC sender trust', () => {
  it('trusts the app window showing the app page from its main frame', () => {
    expect(isTrustedSender(fromMainFrame('app://invoice-desk/index.html#/x'), policy)).toBe(true);
    expect(isTrustedSender(fromMainFrame('app://invoice-desk/?q=1'), policy)).toBe(true);
  });
  it('refuses another window, a sub-frame, a gone frame and another page', () => {
    expect(isTrustedSender(fromMainFrame(policy.rendererUrl, 8), policy)).toBe(false);
    expect(isTrustedSender({ webContentsId: 7, frameUrl: policy.rendererUrl, isMainFrame: false }, policy)).toBe(false);
    expect(isTrustedSender(fromMainFrame(undefined), policy)).toBe(false);
    expect(isTrustedSender(fromMainFrame('https://evil.example/'), policy)).toBe(false);
  });
  it('refuses a page at a file:// URL, the bundle itself included', () => {
    expect(isTrustedSender(fromMainFrame('file:///opt/invoice-desk/resources/app.asar/dist/index.html'), policy)).toBe(false);
    expect(isTrustedSender(fromMainFrame('file:///tmp/evil.html'), policy)).toBe(false);
    // Even if the entry were a file:// URL, no file:// page would be trusted: it shares its origin with the whole disk.
    const filePolicy = { ...policy, rendererUrl: 'file:///opt/invoice-desk/dist/index.html' };
    expect(isTrustedSender(fromMainFrame(filePolicy.rendererUrl), filePolicy)).toBe(false);
  });
  it('compares the app:// scheme and host exactly (Node gives every app:// URL the origin "null")', () => {
    expect(isAppUrl('app://evil/index.html', APP_ENTRY_URL)).toBe(false);
    expect(isAppUrl('app://invoice-desk.evil/index.html', APP_ENTRY_URL)).toBe(false);
    expect(isAppUrl('app://invoice-desk:1234/index.html', APP_ENTRY_URL)).toBe(false);
    expect(isAppUrl('app://user@invoice-desk/index.html', APP_ENTRY_URL)).toBe(false);
    expect(isAppUrl('app:///index.html', APP_ENTRY_URL)).toBe(false);
    expect(isAppUrl('apps://invoice-desk/index.html', APP_ENTRY_URL)).toBe(false);
    expect(isAppUrl('https://invoice-desk/index.html', APP_ENTRY_URL)).toBe(false);
    expect(isAppUrl('app://invoice-desk/assets/other.html', APP_ENTRY_URL)).toBe(true);
  });
  it('compares origins for the dev server', () => {
    expect(isAppUrl('http://localhost:5173/some/route', 'http://localhost:5173/')).toBe(true);
    expect(isAppUrl('http://localhost:5174/', 'http://localhost:5173/')).toBe(false);
    expect(isAppUrl('not a url', 'http://localhost:5173/')).toBe(false);
  });
});
