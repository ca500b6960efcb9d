/**
 * PKCE (RFC 7636, as RFC 8252 section 8.1 asks of native apps): the authorization request carries
 * the S256 challenge of a secret verifier that only this process holds, and the code exchange
 * carries the verifier. A code intercepted on its way to the loopback (another local program, a
 * browser extension) is then useless without it. The service does not document PKCE and may
 * ignore both; sending them costs nothing either way.
 */
import { createHash, randomBytes } from 'node:crypto';

export interface Pkce {
  /** 43 characters of base64url (RFC 7636 section 4.1: 32 random bytes). Never leaves the main process except to the token endpoint. */
  verifier: string;
  /** base64url(SHA-256(verifier)), sent with code_challenge_method=S256. */
  challenge: string;
}

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

export function createPkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: s256(verifier) };
}
