/**
 * The notice the supplier invoices' tab shows when the company cannot read them (its tab entry's
 * access words, i18n/own-words.ts).
 */
import { ownWords } from '../../i18n/own-words';
import type { AccessWords } from '../workspace/access-text';

export const supplierAccessWords: AccessWords = ownWords(
  {
    'scope-missing.title': 'Invoice Desk har inte åtkomst till leverantörsfakturorna',
    'scope-missing.body': 'Företaget anslöts innan Invoice Desk kunde visa leverantörsfakturor, så den behörigheten godkändes aldrig. Godkänn åtkomsten i webbläsaren (leverantörsfakturor och, om skanningar ska visas, kopplade filer och arkivet); kundfakturorna fungerar som vanligt under tiden.',
    'scope-missing.serviceAccount': 'Tjänstekontots aktivering saknar behörigheten för leverantörsfakturor. En systemadministratör behöver aktivera tjänstekontot igen med den behörigheten; kundfakturorna fungerar som vanligt.',
    approve: 'Godkänn åtkomst',
    'licence-missing.title': 'Företaget saknar licens för leverantörsfakturor',
    'licence-missing.body': 'En administratör behöver lägga till modulen för leverantörsfakturor i företagets abonnemang i tjänsten. Att ansluta igen hjälper inte; kundfakturorna fungerar som vanligt.',
    'permission-missing.title': 'Användaren saknar behörighet till leverantörsfakturor',
    'permission-missing.body': 'En administratör för företaget behöver ge användaren behörighet till leverantörsfakturor i tjänstens användarinställningar. Att ansluta igen hjälper inte; kundfakturorna fungerar som vanligt.',
    'other.title': 'Leverantörsfakturorna kunde inte läsas',
  },
  {
    'scope-missing.title': 'Invoice Desk has no access to the supplier invoices',
    'scope-missing.body': 'The company was connected before Invoice Desk could show supplier invoices, so that access was never approved. Approve it in your browser (supplier invoices and, to show scans, connected files and the archive); the customer invoices keep working meanwhile.',
    'scope-missing.serviceAccount': "The service account's activation lacks the supplier invoice scope. A system administrator needs to activate the service account again with it; the customer invoices keep working.",
    approve: 'Approve access',
    'licence-missing.title': 'The company has no licence for supplier invoices',
    'licence-missing.body': "An administrator needs to add the supplier invoice module to the company's subscription at the service. Reconnecting does not help; the customer invoices keep working.",
    'permission-missing.title': 'The user may not see supplier invoices',
    'permission-missing.body': "An administrator of the company needs to give the user access to supplier invoices in the service's user settings. Reconnecting does not help; the customer invoices keep working.",
    'other.title': 'The supplier invoices could not be read',
  },
);
