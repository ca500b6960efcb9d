/** UI strings, Swedish first. Keys are shared; English must define every Swedish key. */
export const sv = {
  'app.title': 'Invoice Desk',
  'sidebar.companies': 'Företag',
  'sidebar.noCompanies': 'Inga anslutna företag ännu.',
  'main.welcome': 'Välkommen till Invoice Desk',
  'main.welcomeBody': 'Anslut ett företag för att bläddra bland dess kundfakturor.',
  'about.title': 'Om appen',
  'about.version': 'Version',
  'about.platform': 'Plattform',
  'about.electron': 'Electron',
  'about.keyring': 'Nyckelring',
  'about.keyringYes': 'Tillgänglig ({backend})',
  'about.keyringNo': 'Saknas ({backend}): hemligheter skyddas bara svagt',
  'status.ready': 'Redo',
  'status.loading': 'Läser in…',
  'error.generic': 'Något gick fel',
} as const;

export type MessageKey = keyof typeof sv;

export const en: Record<MessageKey, string> = {
  'app.title': 'Invoice Desk',
  'sidebar.companies': 'Companies',
  'sidebar.noCompanies': 'No companies connected yet.',
  'main.welcome': 'Welcome to Invoice Desk',
  'main.welcomeBody': 'Connect a company to browse its customer invoices.',
  'about.title': 'About',
  'about.version': 'Version',
  'about.platform': 'Platform',
  'about.electron': 'Electron',
  'about.keyring': 'Keyring',
  'about.keyringYes': 'Available ({backend})',
  'about.keyringNo': 'Missing ({backend}): secrets are only weakly protected',
  'status.ready': 'Ready',
  'status.loading': 'Loading…',
  'error.generic': 'Something went wrong',
};

export type Language = 'sv' | 'en';
export const dictionaries: Record<Language, Record<MessageKey, string>> = { sv, en };
