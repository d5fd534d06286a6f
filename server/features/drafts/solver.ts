import { fork } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { DraftInput, DraftOutcome } from './draft.js';
import type { DraftAnswer } from './solver-process.js';

/** Beyond the solver's own time limit, how long a draft may take before its process is ended. */
const GRACE_MS = 60_000;
/** The solver's niceness: the server (0) always gets a core first. */
const NICENESS = 10;

/**
 * Drafts in a process of its own, started for the draft and ended after it, at a lower CPU
 * priority than the server: a solve keeps a core busy for up to a minute, and on a two-core machine
 * under load a thread of the server's own process competed with its event loop (bench/draft-schedule.ts:
 * a cheap GET waited up to 384 ms). The process also gives the solver's memory back at once.
 */
export function draftInProcess(input: DraftInput): Promise<DraftOutcome> {
  return new Promise((resolve, reject) => {
    const source = import.meta.url.endsWith('.ts');
    const file = fileURLToPath(new URL(`./solver-process.${source ? 'ts' : 'js'}`, import.meta.url));
    // Under tsx and Vitest the source runs through tsx's loader; built, plain Node runs the .js.
    const child = fork(file, [], {
      serialization: 'advanced',
      execArgv: source ? ['--import', 'tsx'] : [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    try {
      if (child.pid !== undefined) setPriority(child.pid, NICENESS);
    } catch {
      // Lowering a priority may be refused (a container's policy): the draft runs all the same.
    }
    let settled = false;
    const finish = (err: Error | null, outcome?: DraftOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill();
      if (err) reject(err);
      else resolve(outcome!);
    };
    const timer = setTimeout(
      () =>
        finish(new Error(`the draft did not finish within ${input.timeLimitS} s and ${GRACE_MS / 1000} s of grace`)),
      input.timeLimitS * 1000 + GRACE_MS,
    );
    // A solve in progress must not keep a stopping server alive.
    child.unref();
    child.channel?.unref();
    child.on('message', (answer: DraftAnswer | { ready: true }) => {
      if ('ready' in answer) child.send(input);
      else if (answer.ok) finish(null, answer.outcome);
      else finish(new Error(answer.message));
    });
    child.on('error', (err) => finish(err));
    child.on('exit', (code, signal) => finish(new Error(`the solver's process exited (${signal ?? code})`)));
  });
}
