import type { ErrorReason } from '../../electron/common/errors';
import type { IpcError, IpcErrorKind, Language } from '../../electron/ipc/contract';

/** Swedish headline and remedy per error kind (the main process's own words stay as the detail). */
export const swedishErrors: Record<IpcErrorKind, { headline: string; remedy?: string }> = {
  'invalid-input': { headline: 'Appen skickade en ogiltig begäran.', remedy: 'Försök igen; händer det igen är det ett fel i appen.' },
  forbidden: { headline: 'Det här fönstret får inte anropa Invoice Desk.' },
  internal: { headline: 'Något gick fel i Invoice Desk.', remedy: 'Försök igen. Detaljerna finns i loggen.' },
  unauthorized: {
    headline: 'Tjänsten godtog inte inloggningen.',
    remedy: 'Kontrollera integrationens inställningar (Client ID och hemlighet) och anslut igen.',
  },
  'needs-reconnect': {
    headline: 'Anslutningen till företaget har gått ut eller återkallats.',
    remedy: 'Anslut igen: logga in och godkänn Invoice Desk på nytt.',
  },
  'scope-missing': { headline: 'Behörigheten för fakturor är inte godkänd.', remedy: 'Anslut igen och godkänn åtkomst till fakturor.' },
  'licence-missing': {
    headline: 'Företaget saknar licens för den här integrationen.',
    remedy: 'Aktivera integrationens licens i tjänstens marknadsplats (och tilldela en plats). Att ansluta igen hjälper inte.',
  },
  'permission-missing': {
    headline: 'Användaren saknar behörighet att lista fakturor i tjänsten.',
    remedy: 'En administratör för företaget behöver ge användaren behörighet till fakturor i tjänstens användarinställningar. Att ansluta igen hjälper inte.',
  },
  'rate-limited': { headline: 'Tjänstens hastighetsgräns är nådd.', remedy: 'Vänta en stund och tryck på Försök igen.' },
  unavailable: { headline: 'Tjänsten gick inte att nå.', remedy: 'Kontrollera nätverket och tryck på Försök igen om en stund.' },
  'bad-request': { headline: 'Tjänsten eller appen avvisade begäran.', remedy: 'Ändra uppgifterna och försök igen.' },
  busy: { headline: 'För många förfrågningar väntar redan för företaget.', remedy: 'Vänta tills sidorna eller exporten har lästs klart och försök igen.' },
  cancelled: { headline: 'Avbrutet.' },
  'not-activated': {
    headline: 'Tjänstekontot är inte aktiverat för företaget.',
    remedy: 'En systemadministratör på företaget måste först godkänna Invoice Desk som tjänstekonto: använd "Aktivera i webbläsaren" och lägg sedan till tjänstekontot igen.',
  },
  'not-found': { headline: 'Det efterfrågade finns inte.' },
  file: { headline: 'Filen kunde inte skrivas.', remedy: 'Välj en annan mapp eller kontrollera behörighet och diskutrymme.' },
};

/** Swedish text for a finer cause within a kind, where what to do differs from the kind's own remedy. */
export const swedishReasons: Record<ErrorReason, { headline: string; remedy?: string }> = {
  'module-licence': {
    headline: 'Företaget saknar licens för den modul i tjänsten som fakturorna kräver.',
    remedy: 'En administratör behöver lägga till modulen (till exempel fakturering) i företagets abonnemang. Att ansluta igen hjälper inte.',
  },
  'wrong-api-address': {
    headline: 'Tjänsten känner inte till adressen: API-adressen verkar vara fel.',
    remedy: 'Kontrollera API-adressen i Inställningar (tjänstens basadress, utan /3 på slutet).',
  },
  'api-address-ends-in-3': {
    headline: 'API-adressen verkar sluta med /3.',
    remedy: 'Ta bort /3 i slutet av API-adressen i Inställningar: appen lägger till det själv.',
  },
  'html-page': {
    headline: 'En webbsida kom i stället för tjänstens svar (en proxy eller gateway på vägen).',
    remedy: 'Försök igen om en stund; händer det igen, kontrollera API-adressen och nätverkets proxy.',
  },
  'empty-answer': { headline: 'Tjänsten fick ett fel och skickade ett tomt svar.', remedy: 'Försök igen om en stund.' },
  'refused-document': {
    headline: 'Tjänsten skickade ett dokument som appen inte tar emot (inte PDF, PNG eller JPEG, större än 20 MB eller med ett ogiltigt fil-id).',
    remedy: 'Att försöka igen hjälper inte: öppna dokumentet i tjänsten.',
  },
};

/** A company whose keys were kept in memory only (no keyring): why it needs a reconnect after a restart. */
export const swedishKeysInMemoryOnly = {
  headline: 'Datorn saknar nyckelring, så anslutningen hölls bara i minnet och upphörde när Invoice Desk stängdes.',
  remedy: 'Anslut igen (eller tillåt svag lagring av nycklar i Inställningar).',
};

/**
 * An error's headline and remedy in the UI language: in Swedish the words for its finer cause or
 * its kind (the main process words its errors in English); in English its own message and remedy.
 */
export function errorWords(error: Pick<IpcError, 'kind' | 'message' | 'remedy' | 'reason'>, language: Language): { headline: string; remedy?: string } {
  if (language === 'sv') {
    const swedish = (error.reason ? swedishReasons[error.reason] : undefined) ?? swedishErrors[error.kind];
    if (swedish) return swedish.remedy ? { headline: swedish.headline, remedy: swedish.remedy } : { headline: swedish.headline };
  }
  return error.remedy ? { headline: error.message, remedy: error.remedy } : { headline: error.message };
}
