import { config, z } from 'zod';

// In a browser, zod runs without eval. It compiles object schemas with `new Function` when it
// may, deciding when the first one is created; the web app's Content-Security-Policy (script-src
// 'self', no 'unsafe-eval') forbids that, so the probe only earned a CSP violation report. Every
// contract module takes `z` from here, so this runs before any schema exists. The server keeps
// the compiled parsers.
if ('document' in globalThis) config({ jitless: true });

export { z };
