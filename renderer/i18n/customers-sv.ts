/** Swedish words of the customer register's tab (renderer/features/customers): its details panel and its access notice. */

export const customersSv = {
  'customers.details.title': 'Kund {number}',
  'customers.details.showInvoices': 'Visa kundens fakturor',
  'customers.details.address': 'Adress',
  'customers.details.noFigures': 'Belopp och betalvanor visas när den lokala kopian är klar.',
  'customers.access.scope-missing.title': 'Invoice Desk har inte åtkomst till kundregistret',
  'customers.access.scope-missing.body':
    'Företaget anslöts innan Invoice Desk kunde visa kundregistret, så den behörigheten godkändes aldrig. Godkänn åtkomsten i webbläsaren; fakturorna och översikten fungerar som vanligt under tiden.',
  'customers.access.scope-missing.serviceAccount':
    'Tjänstekontots aktivering saknar behörigheten för kundregistret. En systemadministratör behöver aktivera tjänstekontot igen med den behörigheten; fakturorna fungerar som vanligt.',
  'customers.access.approve': 'Godkänn åtkomst',
  'customers.access.licence-missing.title': 'Företaget saknar licens för kundregistret',
  'customers.access.licence-missing.body': 'En administratör behöver lägga till modulen i företagets abonnemang i tjänsten. Att ansluta igen hjälper inte; fakturorna fungerar som vanligt.',
  'customers.access.permission-missing.title': 'Användaren saknar behörighet till kundregistret',
  'customers.access.permission-missing.body':
    'En administratör för företaget behöver ge användaren behörighet till kunder i tjänstens användarinställningar. Att ansluta igen hjälper inte; fakturorna fungerar som vanligt.',
  'customers.access.other.title': 'Kundregistret kunde inte läsas',
} as const;
