// Which redirect URIs the authorization endpoint accepts. By default any port on the loopback
// address (RFC 8252 section 7.3: a native app listens on an ephemeral port), on 127.0.0.1 or
// [::1] only: not `localhost`, which may resolve elsewhere (RFC 8252 section 8.3). With a
// registered list, only those exact strings (whether the real service allows any port is
// unconfirmed, so the app must also work with a fixed one).

export function isAllowedRedirectUri(uri: string, registered: readonly string[] | null): boolean {
  if (registered) return registered.includes(uri);
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  return (
    url.protocol === 'http:' &&
    (url.hostname === '127.0.0.1' || url.hostname === '[::1]') &&
    url.username === '' &&
    url.password === '' &&
    // RFC 6749 section 3.1.2: a redirection URI must not include a fragment.
    !uri.includes('#')
  );
}
