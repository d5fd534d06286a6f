import { parentPort } from 'node:worker_threads';
import { draftSchedule, type DraftInput, type DraftOutcome } from './draft.js';
import { loadHighs, solveLp } from './highs.js';

/**
 * The draft schedule's thread (docs/decisions/0050-draft-schedule.md): building the model, the
 * solve (HiGHS blocks the thread it runs on) and reading the answer all happen here, so the
 * server's event loop goes on answering. One draft per thread; the thread ends after it.
 */
export type DraftAnswer = { ok: true; outcome: DraftOutcome } | { ok: false; message: string };

const highs = loadHighs();

parentPort?.once('message', (input: DraftInput) => {
  highs
    .then((loaded) => draftSchedule(input, (lp, timeLimitS, levels) => solveLp(loaded, lp, timeLimitS, levels)))
    .then(
      (outcome) => parentPort!.postMessage({ ok: true, outcome } satisfies DraftAnswer),
      (err: unknown) =>
        parentPort!.postMessage({
          ok: false,
          message: err instanceof Error ? err.message : String(err),
        } satisfies DraftAnswer),
    );
});

parentPort?.postMessage({ ready: true });
