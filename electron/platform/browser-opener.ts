/** shell.openExternal, only for http(s) URLs on the auth service's origin (the consent page). */
import { shell } from 'electron';

export function createBrowserOpener(allowedOrigin: () => Promise<string[]>) {
  return async (url: string): Promise<void> => {
    const target = new URL(url);
    const allowed = await allowedOrigin();
    if (!(target.protocol === 'https:' || target.protocol === 'http:') || !allowed.includes(target.origin)) {
      throw new Error(`Refused to open ${target.origin}: not the configured authorization service.`);
    }
    await shell.openExternal(target.toString()); // eng-disable OPEN_EXTERNAL_JS_CHECK -- only http(s) on the configured auth origin or the running demo service, checked above
  };
}
