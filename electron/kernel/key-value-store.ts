/**
 * The port for what the app persists outside the vault: settings, company metadata, each grid's
 * view state. Its own module because several services take it (settings, companies, the view
 * stores) and the platform implements it (electron-store); none of them should have to import the
 * settings service to name it.
 */

/** What the app persists outside the vault (settings, company metadata, view state). */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}
