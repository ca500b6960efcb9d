/**
 * The supplier register's tab's own words (i18n/own-words.ts): its details panel, and the notice
 * shown when the company cannot read the register (its tab entry's access words).
 */
import { ownWords } from '../../i18n/own-words';
import type { AccessWords } from '../workspace/access-text';

export const supplierRegisterWords = ownWords(
  {
    title: 'Leverantör {number}',
    showBills: 'Visa leverantörens fakturor',
    noFigures: 'Belopp, betalvanor och öppna fakturor visas när den lokala kopian är klar.',
    figures: 'Från leverantörsfakturorna',
    contact: 'Kontakt',
    address: 'Adress',
    bank: 'Bankuppgifter',
    bankAccount: 'Bankkonto',
    bic: 'BIC',
    openBills: 'Öppna fakturor',
    noOpenBills: 'Inga fakturor att betala.',
    loadingBills: 'Läser leverantörens fakturor…',
    billsError: 'Fakturorna kunde inte läsas.',
    bill: 'Löpnr',
    invoiceNumber: 'Fakturanr',
    dueDate: 'Förfallodatum',
    balance: 'Saldo',
    overdue: 'förfallen',
    showBill: 'Visa leverantörsfaktura {number}',
  },
  {
    title: 'Supplier {number}',
    showBills: "Show the supplier's bills",
    noFigures: 'Amounts, payment habits and open bills show once the local copy is ready.',
    figures: 'From the supplier invoices',
    contact: 'Contact',
    address: 'Address',
    bank: 'Bank details',
    bankAccount: 'Bank account',
    bic: 'BIC',
    openBills: 'Open bills',
    noOpenBills: 'No bills to pay.',
    loadingBills: "Reading the supplier's bills…",
    billsError: 'The bills could not be read.',
    bill: 'Given no.',
    invoiceNumber: 'Invoice no.',
    dueDate: 'Due date',
    balance: 'Balance',
    overdue: 'overdue',
    showBill: 'Show supplier invoice {number}',
  },
);

export const supplierRegisterAccessWords: AccessWords = ownWords(
  {
    'scope-missing.title': 'Invoice Desk har inte åtkomst till leverantörsregistret',
    'scope-missing.body':
      'Företaget anslöts innan Invoice Desk kunde visa leverantörsregistret, så den behörigheten godkändes aldrig. Godkänn åtkomsten i webbläsaren; fakturorna och översikten fungerar som vanligt under tiden.',
    'scope-missing.serviceAccount':
      'Tjänstekontots aktivering saknar behörigheten för leverantörsregistret. En systemadministratör behöver aktivera tjänstekontot igen med den behörigheten; fakturorna fungerar som vanligt.',
    approve: 'Godkänn åtkomst',
    'licence-missing.title': 'Företaget saknar licens för leverantörsregistret',
    'licence-missing.body': 'En administratör behöver lägga till modulen i företagets abonnemang i tjänsten. Att ansluta igen hjälper inte; fakturorna fungerar som vanligt.',
    'permission-missing.title': 'Användaren saknar behörighet till leverantörsregistret',
    'permission-missing.body':
      'En administratör för företaget behöver ge användaren behörighet till leverantörer i tjänstens användarinställningar. Att ansluta igen hjälper inte; fakturorna fungerar som vanligt.',
    'other.title': 'Leverantörsregistret kunde inte läsas',
  },
  {
    'scope-missing.title': 'Invoice Desk has no access to the supplier register',
    'scope-missing.body':
      'The company was connected before Invoice Desk could show the supplier register, so that access was never approved. Approve it in your browser; the invoices and the overview keep working meanwhile.',
    'scope-missing.serviceAccount':
      "The service account's activation lacks access to the supplier register. A system administrator needs to activate the service account again with that access; the invoices keep working.",
    approve: 'Approve access',
    'licence-missing.title': 'The company has no licence for the supplier register',
    'licence-missing.body': "An administrator needs to add the module to the company's subscription at the service. Reconnecting does not help; the invoices keep working.",
    'permission-missing.title': 'The user may not see the supplier register',
    'permission-missing.body':
      "An administrator of the company needs to give the user access to suppliers in the service's user settings. Reconnecting does not help; the invoices keep working.",
    'other.title': 'The supplier register could not be read',
  },
);
