import { describe, expect, it } from 'vitest';
import { isAppUrl, isTrustedSender } from '../../../electron/ipc/sender';

const policy = { trustedWebContentsIds: () => [7], rendererUrl: 'file:///opt/invoice-desk/dist/index.html' };

describe('IPC sender trust', () => {
  it('trusts the app window showing the app page from its main frame', () => {
    expect(isTrustedSender({ webContentsId: 7, frameUrl: 'file:///opt/invoice-desk/dist/index.html#/x', isMainFrame: true }, policy)).toBe(true);
  });
  it('refuses another window, a sub-frame, a gone frame and another page', () => {
    expect(isTrustedSender({ webContentsId: 8, frameUrl: policy.rendererUrl, isMainFrame: true }, policy)).toBe(false);
    expect(isTrustedSender({ webContentsId: 7, frameUrl: policy.rendererUrl, isMainFrame: false }, policy)).toBe(false);
    expect(isTrustedSender({ webContentsId: 7, frameUrl: undefined, isMainFrame: true }, policy)).toBe(false);
    expect(isTrustedSender({ webContentsId: 7, frameUrl: 'file:///tmp/evil.html', isMainFrame: true }, policy)).toBe(false);
    expect(isTrustedSender({ webContentsId: 7, frameUrl: 'https://evil.example/', isMainFrame: true }, policy)).toBe(false);
  });
  it('compares origins for the dev server', () => {
    expect(isAppUrl('http://localhost:5173/some/route', 'http://localhost:5173/')).toBe(true);
    expect(isAppUrl('http://localhost:5174/', 'http://localhost:5173/')).toBe(false);
    expect(isAppUrl('not a url', 'http://localhost:5173/')).toBe(false);
  });
});
