/**
 * The words of the main process's confirmation dialogs (platform/dialogs.ts shows them). Kept out
 * of platform/ so that what the user is shown is tested without Electron.
 *
 * A service change shows what the main process parsed, one part a line: the scheme, the host in
 * its ASCII form (punycode, so a look-alike letter shows as `xn--…`), the port and the path. The
 * window's own text never reaches the dialog: a line break or a look-alike letter in it could make
 * `https://apps.example.se` + newlines + `.attacker.example` read as the real service.
 */
import type { Language } from '../common/settings';
import type { AddressParts } from './service-address';
import type { Confirmation, ServiceChange } from './settings-service';

export interface ConfirmationText {
  message: string;
  detail: string;
  yes: string;
  no: string;
}

const words = {
  sv: {
    serviceMessage: 'Använda den här tjänsten?',
    serviceIntro: 'Inloggningar, nycklar och Client Secret skickas dit. Kontrollera värden tecken för tecken.',
    authUrl: 'Auktoriseringsadress',
    apiUrl: 'API-adress',
    clientId: 'Client ID',
    scheme: 'Protokoll',
    host: 'Värd',
    port: 'Port',
    path: 'Sökväg',
    serviceOutro: 'Bekräfta bara om du själv har angett detta.',
    serviceYes: 'Använd tjänsten',
    weakMessage: 'Spara nycklar utan nyckelring?',
    weakDetail:
      'Datorn har ingen nyckelring (basic_text). Nycklarna krypteras då med en nyckel som är känd för alla, så den som kan läsa dina filer kan använda anslutningarna. Client Secret sparas aldrig så. Utan detta måste du ansluta företagen igen vid varje start.',
    weakYes: 'Spara ändå',
    scansMessage: 'Visa skannade leverantörsfakturor?',
    scansDetail:
      'Nya anslutningar ber då också om behörigheterna connectfile och archive. Med archive kan appen läsa hela företagets filarkiv, inte bara skanningarna. Gäller från nästa anslutning. Bekräfta bara om du själv slog på detta.',
    scansYes: 'Visa skanningar',
    localCopyMessage: 'Stänga av den lokala kopian?',
    localCopyDetail:
      'Alla företags lokala kopior raderas från den här datorn. Utan dem har översikten inga siffror, en del sortering och sökning går inte och inget fungerar utan nätverk. Slår du på kopian igen läses allt in från början. Bekräfta bara om du själv stängde av den.',
    localCopyYes: 'Stäng av och radera',
    replaceMessage: (name: string) => `${name} finns redan. Vill du ersätta den?`,
    replaceYes: 'Ersätt',
    no: 'Avbryt',
  },
  en: {
    serviceMessage: 'Use this accounting service?',
    serviceIntro: 'Sign-ins, keys and the client secret will be sent there. Check the host character by character.',
    authUrl: 'Authorization address',
    apiUrl: 'API address',
    clientId: 'Client ID',
    scheme: 'Scheme',
    host: 'Host',
    port: 'Port',
    path: 'Path',
    serviceOutro: 'Confirm only if you entered this yourself.',
    serviceYes: 'Use this service',
    weakMessage: 'Store keys without a keyring?',
    weakDetail:
      'This computer has no keyring (basic_text). Keys are then encrypted with a key known to everyone, so anyone who can read your files can use the connections. The client secret is never stored this way. Without this, companies must be reconnected after each start.',
    weakYes: 'Store anyway',
    scansMessage: 'Show scanned supplier invoices?',
    scansDetail:
      "New connections will also ask for the connectfile and archive scopes. With archive the app can read the company's whole file archive, not only the scans. Applies from the next connection. Confirm only if you turned this on yourself.",
    scansYes: 'Show scans',
    localCopyMessage: 'Turn the local copy off?',
    localCopyDetail:
      "Every company's local copy is deleted from this computer. Without them the overview has no figures, some sorting and searching is not available, and nothing works offline. Turned on again, the copy reads everything from the start. Confirm only if you turned it off yourself.",
    localCopyYes: 'Turn off and delete',
    replaceMessage: (name: string) => `${name} already exists. Replace it?`,
    replaceYes: 'Replace',
    no: 'Cancel',
  },
} as const;

type Words = (typeof words)[Language];

function addressLines(title: string, parts: AddressParts, w: Words): string[] {
  return [title, `  ${w.scheme}: ${parts.scheme}`, `  ${w.host}: ${parts.host}`, `  ${w.port}: ${parts.port}`, `  ${w.path}: ${parts.path}`];
}

function serviceDetail(change: ServiceChange, w: Words): string {
  const blocks: string[][] = [[w.serviceIntro]];
  if (change.authUrl) blocks.push(addressLines(w.authUrl, change.authUrl, w));
  if (change.apiUrl) blocks.push(addressLines(w.apiUrl, change.apiUrl, w));
  if (change.clientId !== undefined) blocks.push([`${w.clientId}: ${change.clientId}`]);
  blocks.push([w.serviceOutro]);
  return blocks.map((lines) => lines.join('\n')).join('\n\n');
}

export function confirmationText(question: Confirmation, language: Language): ConfirmationText {
  const w = words[language];
  if (question.kind === 'weak-secret-storage') return { message: w.weakMessage, detail: w.weakDetail, yes: w.weakYes, no: w.no };
  if (question.kind === 'supplier-scans-on') return { message: w.scansMessage, detail: w.scansDetail, yes: w.scansYes, no: w.no };
  if (question.kind === 'local-copy-off') return { message: w.localCopyMessage, detail: w.localCopyDetail, yes: w.localCopyYes, no: w.no };
  return { message: w.serviceMessage, detail: serviceDetail(question, w), yes: w.serviceYes, no: w.no };
}

/**
 * The save dialogs' second question: the name typed had no extension, and the file of the name
 * with it (`fileName`, no folder) already exists.
 */
export function replaceFileText(fileName: string, language: Language): Omit<ConfirmationText, 'detail'> {
  const w = words[language];
  return { message: w.replaceMessage(fileName), yes: w.replaceYes, no: w.no };
}
