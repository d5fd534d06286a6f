import { parentPort } from 'node:worker_threads';
import { RichTextError, sanitizeRichText } from './rich-text.js';

/**
 * One thread of the sanitizer pool (server/lib/rich-text-pool.ts): sanitizes one text at a time
 * and answers with the result, or with the message of a RichTextError the person must fix.
 */
export interface SanitizeRequest {
  id: number;
  input: string;
}

parentPort?.on('message', ({ id, input }: SanitizeRequest) => {
  try {
    parentPort!.postMessage({ id, ok: true, result: sanitizeRichText(input) });
  } catch (err) {
    if (err instanceof RichTextError) parentPort!.postMessage({ id, ok: false, message: err.message });
    else parentPort!.postMessage({ id, ok: false, crashed: err instanceof Error ? err.message : String(err) });
  }
});

// Loaded: the pool starts each text's time limit only from here, not while a thread boots.
parentPort?.postMessage({ ready: true });
