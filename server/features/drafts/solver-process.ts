import { draftSchedule, type DraftInput } from './draft.js';
import { loadHighs, solveLp } from './highs.js';

/**
 * The draft schedule's own process (docs/decisions/0050-draft-schedule.md): building the model, the
 * solve (HiGHS blocks the thread it runs on) and reading the answer all happen here, at a lower
 * CPU priority than the server, so the server goes on answering even when the machine's cores are
 * all busy. One draft per process; the process ends after it.
 */
export type DraftAnswer = { ok: true; outcome: ReturnType<typeof draftSchedule> } | { ok: false; message: string };

const highs = loadHighs();

process.once('message', (input: DraftInput) => {
  highs
    .then((loaded) => draftSchedule(input, (lp, timeLimitS, levels) => solveLp(loaded, lp, timeLimitS, levels)))
    .then(
      (outcome) => process.send?.({ ok: true, outcome } satisfies DraftAnswer),
      (err: unknown) =>
        process.send?.({ ok: false, message: err instanceof Error ? err.message : String(err) } satisfies DraftAnswer),
    );
});

process.send?.({ ready: true });
