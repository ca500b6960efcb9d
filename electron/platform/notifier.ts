/**
 * Desktop notifications through Electron's Notification: the main process's only use of
 * it. Kept here so the services take a plain function (app-services.ts `notify`), and the harness's
 * fake Electron records what would have been shown.
 */
import { Notification } from 'electron';

/**
 * Linux's notification servers (freedesktop) read the body as markup: `<b>`, `<a href>` are drawn.
 * macOS and Windows show it as plain text.
 */
export const notificationBodyIsMarkup = process.platform === 'linux';

/** Shown and not yet clicked or closed: a notification nothing refers to is collected, and its click lost. */
const shown = new Set<Notification>();

/** Shows one notification; `onClick` when the user clicks it. Nothing where the OS has none. */
export function showNotification(note: { title: string; body: string }, onClick: () => void): void {
  if (!Notification.isSupported()) return;
  const notification = new Notification({ title: note.title, body: note.body, silent: false });
  shown.add(notification);
  notification.on('click', () => {
    shown.delete(notification);
    onClick();
  });
  notification.on('close', () => shown.delete(notification));
  notification.show();
}
