/**
 * The customer register's tab's own words (i18n/own-words.ts): its details panel, and the notice
 * shown when the company cannot read the register (its tab entry's access words).
 */
import { ownWords } from '../../i18n/own-words';
import type { AccessWords } from '../workspace/access-text';

export const customerWords = ownWords(
  {
    title: 'Kund {number}',
    showInvoices: 'Visa kundens fakturor',
    address: 'Adress',
    noFigures: 'Belopp och betalvanor visas när den lokala kopian är klar.',
  },
  {
    title: 'Customer {number}',
    showInvoices: "Show the customer's invoices",
    address: 'Address',
    noFigures: 'Amounts and payment habits show once the local copy is ready.',
  },
);

export const customerAccessWords: AccessWords = ownWords(
  {
    'scope-missing.title': 'Invoice Desk har inte åtkomst till kundregistret',
    'scope-missing.body': 'Företaget anslöts innan Invoice Desk kunde visa kundregistret, så den behörigheten godkändes aldrig. Godkänn åtkomsten i webbläsaren; fakturorna och översikten fungerar som vanligt under tiden.',
    'scope-missing.serviceAccount': 'Tjänstekontots aktivering saknar behörigheten för kundregistret. En systemadministratör behöver aktivera tjänstekontot igen med den behörigheten; fakturorna fungerar som vanligt.',
    approve: 'Godkänn åtkomst',
    'licence-missing.title': 'Företaget saknar licens för kundregistret',
    'licence-missing.body': 'En administratör behöver lägga till modulen i företagets abonnemang i tjänsten. Att ansluta igen hjälper inte; fakturorna fungerar som vanligt.',
    'permission-missing.title': 'Användaren saknar behörighet till kundregistret',
    'permission-missing.body': 'En administratör för företaget behöver ge användaren behörighet till kunder i tjänstens användarinställningar. Att ansluta igen hjälper inte; fakturorna fungerar som vanligt.',
    'other.title': 'Kundregistret kunde inte läsas',
  },
  {
    'scope-missing.title': 'Invoice Desk has no access to the customer register',
    'scope-missing.body': 'The company was connected before Invoice Desk could show the customer register, so that access was never approved. Approve it in your browser; the invoices and the overview keep working meanwhile.',
    'scope-missing.serviceAccount': "The service account's activation lacks access to the customer register. A system administrator needs to activate the service account again with that access; the invoices keep working.",
    approve: 'Approve access',
    'licence-missing.title': 'The company has no licence for the customer register',
    'licence-missing.body': "An administrator needs to add the module to the company's subscription at the service. Reconnecting does not help; the invoices keep working.",
    'permission-missing.title': 'The user may not see the customer register',
    'permission-missing.body': "An administrator of the company needs to give the user access to customers in the service's user settings. Reconnecting does not help; the invoices keep working.",
    'other.title': 'The customer register could not be read',
  },
);
