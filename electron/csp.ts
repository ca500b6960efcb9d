/**
 * The renderer's Content-Security-Policy. Production: nothing inline, nothing remote, no network
 * at all (the renderer talks only to the main process over IPC). Development: Vite's dev server
 * needs its inline React-refresh preamble and its websocket, so the dev policy allows exactly those.
 * vite.config.ts writes it into index.html's meta tag; app-protocol.ts also sends it as a header
 * with every app:// answer, and window.ts with every other response (the dev server's pages).
 * 'self' is app://invoice-desk: registered as a standard scheme it has a real origin (scheme and
 * host), so 'self' means the bundle's own files and nothing else.
 */
export const productionCsp = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
  "frame-src 'none'",
  "worker-src 'none'",
].join('; ');

export function developmentCsp(devServerOrigin: string): string {
  const ws = devServerOrigin.replace(/^http/, 'ws');
  return [
    "default-src 'none'",
    `script-src 'self' 'unsafe-inline' ${devServerOrigin}`,
    `style-src 'self' 'unsafe-inline' ${devServerOrigin}`,
    `img-src 'self' data: ${devServerOrigin}`,
    `font-src 'self' ${devServerOrigin}`,
    `connect-src ${devServerOrigin} ${ws}`,
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
  ].join('; ');
}
