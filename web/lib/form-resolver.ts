import { zodResolver } from '@hookform/resolvers/zod';
import { config } from 'zod';

// zod compiles object schemas with `new Function` when it may; the page's Content-Security-Policy
// (script-src 'self', no 'unsafe-eval') forbids that, so zod's probe only earned a CSP violation
// report in the console. The forms' schemas are small: interpreted is fast enough.
config({ jitless: true });

/** react-hook-form's resolver for the contract's zod schemas: every form uses this one. */
export const formResolver = zodResolver;
