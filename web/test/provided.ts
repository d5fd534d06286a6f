import type { SessionUser } from '../../contract/auth.js';

// What web/test/api-server.ts hands to every web test file (vitest's provide/inject).
declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of a real API server with a fresh database. */
    apiUrl: string;
    /** A signed-in admin of that server; admin cannot be chosen at sign-up. */
    adminSession: SessionUser;
    /** The query string of a real, unused password-reset link (mailed through the SMTP sink). */
    resetLinkQuery: string;
    resetLinkEmail: string;
  }
}

export {};
