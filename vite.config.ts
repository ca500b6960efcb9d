import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { developmentCsp, productionCsp } from './electron/csp.ts';

/**
 * One config, three bundles, chosen with --mode:
 *   vite build                  the renderer (React) into dist/
 *   vite build --mode main      the main process into dist-electron/main.cjs
 *   vite build --mode preload   the preload into dist-electron/preload.cjs
 *   vite build --mode mirror-worker   the local copy's worker thread into dist-electron/mirror-worker.cjs
 * The main process and the preload are single CommonJS files with every dependency bundled except
 * 'electron' (a sandboxed preload may require nothing else, and the harness swaps 'electron' for
 * its own implementation when it runs the same files in Node).
 */
const root = fileURLToPath(new URL('.', import.meta.url));
export const DEV_SERVER_PORT = 5173;

function nodeBundle(entry: string, fileName: string, emptyOutDir: boolean): UserConfig {
  return {
    root,
    publicDir: false,
    build: {
      ssr: entry,
      outDir: 'dist-electron',
      emptyOutDir,
      target: 'node22',
      sourcemap: true,
      minify: false,
      rolldownOptions: {
        // node:sqlite is listed by hand: a Node older than 22 (building only) does not name it.
        external: ['electron', 'node:sqlite', ...builtinModules, ...builtinModules.map((name) => `node:${name}`)],
        output: { format: 'cjs', entryFileNames: fileName, codeSplitting: false },
      },
    },
    // Bundle every npm dependency: the packaged app ships these files without node_modules.
    ssr: { noExternal: true, external: ['electron'], target: 'node' },
  };
}

/** Writes electron/csp.ts's policy into index.html's meta tag: strict in builds, dev-server aware in dev. */
function contentSecurityPolicy(): Plugin {
  let policy = productionCsp;
  return {
    name: 'invoice-desk-csp',
    configResolved(config) {
      if (config.command === 'serve') policy = developmentCsp(`http://localhost:${DEV_SERVER_PORT}`);
    },
    transformIndexHtml(html) {
      if (!html.includes('%CSP%')) throw new Error('index.html lost its %CSP% placeholder');
      return html.replaceAll('%CSP%', policy);
    },
  };
}

export default defineConfig(({ mode }): UserConfig => {
  if (mode === 'main') return nodeBundle('electron/main.ts', 'main.cjs', true);
  if (mode === 'preload') return nodeBundle('electron/preload.ts', 'preload.cjs', false);
  if (mode === 'mirror-worker') return nodeBundle('electron/mirror/access/mirror-worker.ts', 'mirror-worker.cjs', false);
  return {
    root: 'renderer',
    // Relative asset URLs: index.html sits at the root of app://invoice-desk/, so ./assets/x.js is
    // app://invoice-desk/assets/x.js (and the same under the test harness's stand-in origin).
    base: './',
    plugins: [react(), contentSecurityPolicy()],
    server: { port: DEV_SERVER_PORT, strictPort: true, host: 'localhost' },
    build: {
      outDir: '../dist',
      emptyOutDir: true,
      target: 'chrome140',
      sourcemap: true,
      // The renderer is one chunk of about 550 kB (React DOM alone is a third of it) that Electron
      // reads from the local disk through app://, never over a network: Vite's 500 kB warning is
      // about download time on the web and does not apply here, and splitting the chunk would only
      // silence it. 800 kB still flags a large dependency pulled in by mistake.
      chunkSizeWarningLimit: 800,
    },
  };
});
