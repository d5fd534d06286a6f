import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { unusedUtilities, wordsIn } from './scripts/unused-utilities.ts';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes a .br and a .gz beside every text file of the build, at the strongest settings, once;
 * the server sends them as they are (@fastify/static preCompressed) instead of compressing
 * each response. docs/decisions/0011-public-pages-performance.md: the JavaScript `/` loads is
 * measured gzipped, and Lighthouse times the bytes on the wire.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'porchfest-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        // The service worker is written after this runs (and fetched once, in the background).
        if (!entry.isFile() || !COMPRESSIBLE.test(entry.name) || entry.name.startsWith('sw.js')) continue;
        const file = join(entry.parentPath, entry.name);
        try {
          const body = readFileSync(file);
          if (body.length < 1024) continue; // a small file gains nothing worth a second request header
          writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
          writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
        } catch (err) {
          // Another build emptied the folder meanwhile (two builds at once on a shared checkout):
          // that build writes its own files; the server falls back to the uncompressed ones.
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        }
      }
    },
  };
}

const reactRouterProduction = (file: string) => resolve('node_modules/react-router/dist/production', file);
const REACT_ROUTER_PRODUCTION = [
  { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
  { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
];

// The web app lives in web/; it is built to dist/web and served by the API server.
export default defineConfig(({ command, isSsrBuild }) => ({
  root: 'web',
  publicDir: isSsrBuild ? false : 'public',
  // The server's build (`npm run build:ssr`, web/entry-server.tsx, docs/decisions/0048): one file
  // with its libraries inside, so the server needs nothing from the web app's dependencies.
  ssr: { noExternal: true },
  // React's production build on the server too, whatever NODE_ENV the server runs with.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  // React Router's production build in both builds: its package's exports name only its development
  // build (remix-run/react-router#12532, #14102), whose warnings and checks run in every phone's
  // first task (docs/decisions/0059). The dev server and the tests keep the warnings.
  resolve: command === 'build' ? { alias: REACT_ROUTER_PRODUCTION } : {},
  plugins: isSsrBuild
    ? [react()]
    : [
        react(),
        // The service worker (web/sw/sw.ts, docs/decisions/0022-link-previews-and-offline.md): built
        // with the precache list of this build. Registered by web/app/register-sw.ts after load; the
        // manifest is the server's (/manifest.webmanifest: names from the festival configuration).
        VitePWA({
          strategies: 'injectManifest',
          srcDir: 'sw',
          filename: 'sw.ts',
          injectRegister: false,
          manifest: false,
          injectManifest: {
            globPatterns: ['index.html', 'assets/**/*.{js,css}', 'icons/*.png'],
            // The rich-text editor (62 KB gzipped) is for forms, which need the network anyway.
            globIgnores: ['assets/quill-editor-*'],
            maximumFileSizeToCacheInBytes: 1024 * 1024,
          },
        }),
        precompress(),
      ],
  build: {
    outDir: isSsrBuild ? '../dist/ssr' : '../dist/web',
    emptyOutDir: true,
    // Maps for debugging a production build, without the comment that points browsers at them;
    // the server does not serve them (server/app.ts).
    sourcemap: 'hidden',
    // Names each screen's chunk, so the server can ask for a landing page's code up front
    // (server/web/page-shells.ts).
    manifest: true,
    // The app, and the small script that starts it after the first paint on the pages the server
    // draws (web/start-app.ts, docs/decisions/0048).
    rollupOptions: isSsrBuild
      ? undefined
      : { input: { index: resolve('web', 'index.html'), 'start-app': resolve('web', 'start-app.ts') } },
  },
  // The build leaves out Bootstrap's utility classes that no source names (scripts/unused-utilities.ts);
  // the dev server keeps them all, so a class just written works before a restart.
  css:
    command === 'build'
      ? {
          postcss: {
            plugins: [
              unusedUtilities(
                wordsIn(
                  ['web', 'contract', 'server/web', 'node_modules/react-bootstrap/esm'],
                  ['.ts', '.tsx', '.js', '.html', '.css'],
                ),
              ),
            ],
          },
        }
      : {},
  server: {
    port: 5173,
    // The API, and what the server draws from the configuration: the printed schedule's QR code.
    proxy: { '/v1': 'http://localhost:3000', '/schedule-qr.png': 'http://localhost:3000' },
  },
}));
