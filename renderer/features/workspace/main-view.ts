/**
 * Whether the window was last showing "All companies" or a company's workspace, remembered in the
 * window's localStorage (like each company's tab, workspace-tab.ts: a preference of this computer's
 * window): the app opens where it was left. An accounting firm that works from its overview of 300
 * clients starts on it, without first rendering one client's grid it did not ask for.
 * Settings and the connect page are passing views: they are never where the app opens. Nothing
 * remembered, or anything else stored: a company's workspace (the app's first job is its grid).
 */
export type MainView = 'all' | 'company';

const KEY = 'invoice-desk:main-view';

export function readMainView(storage: Pick<Storage, 'getItem'> | undefined): MainView {
  try {
    return storage?.getItem(KEY) === 'all' ? 'all' : 'company';
  } catch {
    return 'company'; // storage refused (a policy): the company's workspace
  }
}

export function writeMainView(storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined, view: MainView): void {
  try {
    if (view === 'all') storage?.setItem(KEY, 'all');
    else storage?.removeItem(KEY);
  } catch {
    // Not worth a message: the window shows the view; it opens on a company next time.
  }
}
