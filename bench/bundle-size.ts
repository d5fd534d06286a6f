/**
 * The JavaScript the home page `/` loads, gzipped, against a budget of 120 KB
 * (docs/decisions/0011-public-pages-performance.md): the built app on a loopback port, `/` opened
 * in Debian's Chromium until the network is idle and the carousel is on screen, every script
 * response counted.
 *
 *   npx tsx bench/bundle-size.ts
 *
 * Builds first when dist/ is older than the sources (as the e2e tests do). Prints each script
 * with its size raw, gzipped (level 9, as the build precompresses it) and as transferred, then
 * the total against the target; also lists the chunks that must not load on `/` (the
 * rich-text editor, zod, the form library). Exits non-zero over budget. Stops by itself.
 */
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../e2e/support/browser.js';
import { startServer } from '../e2e/support/server.js';

const TARGET_GZIP_BYTES = 120 * 1024;
// Chunks that belong to other screens; `/` loading one means code splitting has slipped.
const NOT_ON_HOME = [/quill/i, /zod/i, /react-hook-form|hookform/i, /safe-html|dompurify/i];

// KB here is 1,024 bytes, as Lighthouse and the browser's devtools count.
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const server = await startServer('bundle-size');
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const scripts: { url: string; raw: number; gzip: number; transferred: number }[] = [];
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        (async () => {
          const body = await response.body();
          const sizes = await response.request().sizes();
          scripts.push({
            url: new URL(response.url()).pathname,
            raw: body.length,
            gzip: gzipSync(body, { level: 9 }).length,
            transferred: sizes.responseBodySize,
          });
        })(),
      );
    });
    await page.goto(`${server.baseUrl}/`, { waitUntil: 'networkidle' });
    await page.getByRole('region', { name: /bands on porches/i }).waitFor();
    await Promise.all(pending);

    scripts.sort((a, b) => b.gzip - a.gzip);
    console.log(`JavaScript loaded by ${server.baseUrl}/`);
    console.log(`${'script'.padEnd(48)}${'raw'.padStart(11)}${'gzip -9'.padStart(11)}${'on the wire'.padStart(13)}`);
    for (const s of scripts) {
      console.log(
        `${s.url.padEnd(48)}${kb(s.raw).padStart(11)}${kb(s.gzip).padStart(11)}${kb(s.transferred).padStart(13)}`,
      );
    }
    const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
    const wire = scripts.reduce((sum, s) => sum + s.transferred, 0);
    const ok = total <= TARGET_GZIP_BYTES;
    console.log('');
    console.log(
      `total: ${scripts.length} scripts, ${kb(total)} (${total} bytes) gzipped, ${kb(wire)} on the wire; target <= ${kb(TARGET_GZIP_BYTES)}: ${ok ? 'ok' : 'OVER BUDGET'}`,
    );
    if (scripts.some((s) => s.url.includes('jsx-dev-runtime'))) {
      console.log(
        "dist/web holds a development build (React's jsx-dev-runtime): rebuild with `npm run build` and run again",
      );
      process.exitCode = 1;
    }
    const strays = scripts.filter((s) => NOT_ON_HOME.some((pattern) => pattern.test(s.url)));
    console.log(
      strays.length === 0
        ? "no other screen's chunk (editor, zod, forms, sanitizer) loaded"
        : `loaded but not needed on /: ${strays.map((s) => s.url).join(', ')}`,
    );
    if (!ok || strays.length > 0) process.exitCode = 1;
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
