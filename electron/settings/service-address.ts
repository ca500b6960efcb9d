/**
 * Checking a service address or client ID the user (or the environment, or the CLI) gives, and
 * the one form it is stored and shown in. Tokens and the client secret are sent to these
 * addresses, so the rules are strict and live in one place: the settings service, the CLI's
 * arguments and the confirmation dialog all use these, and none of them needs the others.
 */

/**
 * A service address as the main process parsed it: what the confirmation dialog shows, one line
 * each, instead of the text the window sent (which newlines or look-alike letters can disguise).
 */
export interface AddressParts {
  /** 'https', or 'http' (only to this computer). */
  scheme: string;
  /** The host in ASCII: an internationalised name in its punycode form (`xn--…`), so a Cyrillic `а` shows. */
  host: string;
  /** The port connected to, the scheme's default spelled out. */
  port: number;
  /** The path, percent-encoded as it is sent. */
  path: string;
}

/** The settings that say where sign-ins, tokens and the client secret go. */
export type ServiceField = 'authUrl' | 'apiUrl' | 'clientId';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Control characters (C0, DEL, C1), invisible formatting characters (zero-width, bidi overrides,
 * U+FEFF) and every kind of space or line break. The URL parser drops or encodes some of them
 * silently, and in a dialog they push the real destination out of sight; no address or client ID
 * needs one.
 */
const DISGUISING = /[\p{Cc}\p{Cf}\p{Z}\s]/u;

/**
 * Why a service address is not acceptable, or undefined when it is: no control character or
 * whitespace anywhere, https (plain http only on this machine, for the sandbox), no user name or
 * password, no query or fragment. Tokens and the client secret are sent there, so nothing looser
 * is accepted.
 */
export function serviceUrlProblem(value: string): string | undefined {
  // Checked on the text itself: `new URL` strips leading and trailing spaces and drops tabs and
  // line breaks anywhere, so the parsed address would hide them.
  if (DISGUISING.test(value)) return 'must not contain spaces, line breaks, control or invisible characters';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a valid address';
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) {
    return 'must use https (plain http only to this computer: 127.0.0.1, localhost or [::1])';
  }
  if (url.username || url.password) return 'must not contain a user name or password';
  if (url.search || url.hash) return 'must not contain a query or fragment';
  return undefined;
}

/** Why a client ID is not acceptable (the dialog names it, so nothing may hide in it), or undefined. */
export function clientIdProblem(value: string): string | undefined {
  return DISGUISING.test(value) ? 'must not contain spaces, line breaks, control or invisible characters' : undefined;
}

/** An accepted address in the one form the app stores, compares and uses: parsed, ASCII host, no trailing slash. */
export function canonicalAddress(value: string): string {
  const url = new URL(value);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** What an accepted address parses to, for the confirmation dialog. */
export function addressParts(value: string): AddressParts {
  const url = new URL(value);
  const scheme = url.protocol.replace(/:$/, '');
  return { scheme, host: url.hostname, port: url.port === '' ? (scheme === 'https' ? 443 : 80) : Number(url.port), path: url.pathname };
}
