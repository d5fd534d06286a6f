import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes a .br and a .gz beside every text file of the build, at the strongest settings, once;
 * the server sends them as they are (@fastify/static preCompressed) instead of compressing
 * each response. Issue 6: the JavaScript `/` loads is measured gzipped, and Lighthouse
 * times the bytes on the wire.
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
        if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
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

// The web app lives in web/; it is built to dist/web and served by the API server.
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), precompress()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // Maps for debugging a production build, without the comment that points browsers at them;
    // the server does not serve them (server/app.ts).
    sourcemap: 'hidden',
    // Names each screen's chunk, so the server can ask for a landing page's code up front
    // (server/web/page-shells.ts).
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { '/v1': 'http://localhost:3000' },
  },
});
