// The network error behind a failed fetch, in words. Node's fetch fails with a bare
// "TypeError: fetch failed" and keeps what went wrong in `cause` (a refused connection, a failed
// name lookup, a timeout, a certificate, a proxy's answer), which a printed stack leaves out.
// Plain CommonJS: fetch-cause-hook.cjs loads it into Electron's installer on whatever Node runs it.
'use strict';

/** One error in a line: its message, with its code when the message does not already say it. */
function describeOne(error) {
  const message = typeof error.message === 'string' ? error.message.trim() : '';
  const code = typeof error.code === 'string' ? error.code : '';
  if (message && code && !message.includes(code)) return `${message} (${code})`;
  return message || code;
}

/** What lies behind `error`: every cause in its chain (each error of an AggregateError), or ''. */
function networkCause(error) {
  const parts = [];
  const seen = new Set();
  let current = error !== null && typeof error === 'object' ? error.cause : undefined;
  while (current !== null && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    // A host with several addresses (localhost: ::1 and 127.0.0.1) fails with an AggregateError
    // whose own message is empty: its errors say what happened.
    const errors = Array.isArray(current.errors) && current.errors.length > 0 ? current.errors : [current];
    for (const each of errors) {
      const text = each !== null && typeof each === 'object' ? describeOne(each) : String(each);
      if (text && !parts.includes(text)) parts.push(text);
    }
    current = current.cause;
  }
  return parts.join('; ');
}

/** "fetch failed: connect ECONNREFUSED 127.0.0.1:9": the message, then what caused it. */
function describeFetchFailure(error) {
  const head = error instanceof Error ? error.message : String(error);
  const cause = networkCause(error);
  return cause ? `${head}: ${cause}` : head;
}

module.exports = { describeFetchFailure, networkCause };
