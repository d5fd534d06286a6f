import { startWorkerFile } from '../../lib/worker-file.js';
import type { DraftInput, DraftOutcome } from './draft.js';
import type { DraftAnswer } from './solver-worker.js';

/** Beyond the solver's own time limit, how long a draft may take before its thread is ended. */
const GRACE_MS = 60_000;

/**
 * Drafts in a thread of its own, started for the draft and ended after it, so the solver's memory
 * (a few hundred megabytes at festival scale) is given back at once.
 */
export function draftInWorker(input: DraftInput): Promise<DraftOutcome> {
  return new Promise((resolve, reject) => {
    const worker = startWorkerFile('solver-worker', import.meta.url);
    let settled = false;
    const finish = (err: Error | null, outcome?: DraftOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (err) reject(err);
      else resolve(outcome!);
    };
    const timer = setTimeout(
      () =>
        finish(new Error(`the draft did not finish within ${input.timeLimitS} s and ${GRACE_MS / 1000} s of grace`)),
      input.timeLimitS * 1000 + GRACE_MS,
    );
    // A solve in progress must not keep a stopping server alive.
    worker.unref();
    worker.on('message', (answer: DraftAnswer | { ready: true }) => {
      if ('ready' in answer) worker.postMessage(input);
      else if (answer.ok) finish(null, answer.outcome);
      else finish(new Error(answer.message));
    });
    worker.on('error', (err) => finish(err));
    worker.on('exit', (code) => finish(new Error(`the solver's thread exited (${code})`)));
  });
}
