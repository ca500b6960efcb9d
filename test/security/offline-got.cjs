// Preloaded into Electronegativity where GitHub cannot be reached (see electronegativity.ts): its
// downloads (updated translations, Electron's release list) go through `got`, whose retry after a
// timeout crashes the process ("The onCancel handler was attached after the promise settled").
// Here every got request fails at once as unreachable, which Electronegativity handles (English
// texts; the release check is left out of the scan).
const Module = require('node:module');

const unreachable = () => Promise.reject(Object.assign(new Error('offline: GitHub is not reachable from this machine'), { code: 'ENETUNREACH' }));
const offlineGot = Object.assign(unreachable, { head: unreachable, get: unreachable, default: unreachable });
offlineGot.default = offlineGot;

const load = Module._load;
Module._load = function (request, parent, isMain) {
  if (request === 'got') return offlineGot;
  return load.call(this, request, parent, isMain);
};
