// PKCE (RFC 7636) as the authorization server checks it. The real service does not document PKCE,
// so a client must work whether or not it is checked; the sandbox checks it whenever the client
// offers it, so a client that sends a challenge but loses its verifier fails here, not in the field.
// Written for the sandbox alone: it shares nothing with the app's own PKCE code.

import { createHash, timingSafeEqual } from 'node:crypto';

/** RFC 7636 section 4.1: 43 to 128 characters of [A-Z a-z 0-9 - . _ ~]. */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** An S256 challenge is the unpadded base64url of a SHA-256 digest: exactly 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export type ChallengeCheck = { ok: true; challenge: string | undefined } | { ok: false; parameter: string; problem: string };

/**
 * The PKCE parameters of an authorization request. Only S256 is accepted: `plain` (also what a
 * missing method means, RFC 7636 section 4.3) would hand the verifier to whoever sees the URL.
 */
export function checkChallenge(challenge: string | null, method: string | null): ChallengeCheck {
  if (challenge === null) {
    if (method !== null) return { ok: false, parameter: 'code_challenge', problem: 'it is missing while code_challenge_method is given.' };
    return { ok: true, challenge: undefined };
  }
  if (method !== 'S256') {
    const given = method === null ? 'it is missing (which would mean "plain")' : `"${method}" is not accepted`;
    return { ok: false, parameter: 'code_challenge_method', problem: `${given}: the only accepted value is "S256".` };
  }
  if (!S256_CHALLENGE.test(challenge)) {
    return { ok: false, parameter: 'code_challenge', problem: 'it must be the 43-character base64url SHA-256 of the code_verifier.' };
  }
  return { ok: true, challenge };
}

/** The reason a token request's verifier does not answer the challenge, or null when it does. */
export function verifierProblem(challenge: string, verifier: string | null): string | null {
  if (verifier === null) return 'Missing code_verifier: the authorization request carried a code_challenge';
  if (!VERIFIER.test(verifier)) return 'Malformed code_verifier';
  const computed = Buffer.from(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
  const expected = Buffer.from(challenge);
  const same = computed.length === expected.length && timingSafeEqual(computed, expected);
  return same ? null : 'code_verifier does not match the code_challenge';
}
