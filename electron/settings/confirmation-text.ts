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
import type { AddressParts, Confirmation, ServiceChange } from './settings-service';

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
  return { message: w.serviceMessage, detail: serviceDetail(question, w), yes: w.serviceYes, no: w.no };
}
