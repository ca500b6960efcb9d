// The service's 24 scope names (docs/service.md, Scopes), with the text the consent page shows for each.

export const SCOPE_DESCRIPTIONS: Readonly<Record<string, string>> = Object.freeze({
  archive: 'Files and folders in the document archive',
  article: 'Article register (products and services)',
  assets: 'Fixed assets and depreciation',
  bookkeeping: 'Vouchers and the general ledger',
  companyinformation: 'Basic company details',
  connectfile: 'Attaching archive files to invoices and vouchers',
  costcenter: 'Cost centers',
  currency: 'Currency exchange rates',
  customer: 'Customer register',
  inbox: 'Inbox for incoming supplier invoices',
  invoice: 'Customer invoices',
  financeinvoice: 'Invoice purchasing through a financing partner',
  order: 'Customer orders',
  payment: 'Incoming and outgoing payments',
  price: 'Price lists',
  print: 'Print templates and PDF generation',
  profile: "The signed-in user's profile",
  project: 'Projects',
  salary: 'Payroll and salary records',
  salesapi: 'Sales interface for e-commerce: orders and quotes',
  settings: 'Company settings such as the fiscal year',
  supplier: 'Supplier register',
  supplierinvoice: 'Supplier invoices: approval, payment, bookkeeping',
  timereporting: 'Time reporting',
});

export function isKnownScope(name: string): boolean {
  return Object.hasOwn(SCOPE_DESCRIPTIONS, name);
}

/** Splits a scope parameter on spaces; duplicates collapse, the order of first mention is kept. */
export function splitScopes(text: string): string[] {
  return [...new Set(text.split(' ').filter((part) => part !== ''))];
}
