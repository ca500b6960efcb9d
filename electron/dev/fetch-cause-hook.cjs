// Preloaded (node --require) into Electron's own installer by electron-binary.ts. The installer
// downloads with fetch and, when that fails, prints only the error's stack: "TypeError: fetch
// failed", without the network error behind it. Here a failed fetch's message and the first line
// of its stack name that error ("fetch failed: getaddrinfo ENOTFOUND github.com"), so the advice
// npm start and npm run dist print says what to fix. Nothing else in the installer changes.
'use strict';
const { describeFetchFailure } = require('./network-error.cjs');

const realFetch = globalThis.fetch;
if (typeof realFetch === 'function') {
  globalThis.fetch = async function fetchNamingItsCause(...args) {
    try {
      return await realFetch.apply(this, args);
    } catch (error) {
      if (error instanceof Error && error.cause !== undefined) {
        const message = describeFetchFailure(error);
        const frames = typeof error.stack === 'string' ? error.stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
        error.message = message;
        error.stack = [`${error.name}: ${message}`, ...frames].join('\n');
      }
      throw error;
    }
  };
}
