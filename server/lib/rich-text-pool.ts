import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { badRequest, HttpError } from './errors.js';
import { startWorkerFile } from './worker-file.js';
import { richTextBoundsProblem } from './rich-text-bounds.js';
import { RichTextMessages, type SanitizedRichText } from './rich-text.js';

/**
 * Rich text is sanitized off the event loop: a few worker threads, each with a time limit, so a
 * text built to be slow costs its own request a 400 and every other request nothing. The bounds
 * (server/lib/rich-text-bounds.ts) are checked here first, in one linear pass, so most hostile
 * texts never reach a worker. See docs/decisions/0019-hardening-round-two.md.
 */

/** A text the editor wrote sanitizes in milliseconds; one still running after this is hostile. */
export const SANITIZE_TIME_LIMIT_MS = 1_500;
const POOL_SIZE = Math.max(1, Math.min(2, availableParallelism() - 1));

type Answer =
  { id: number; ok: true; result: SanitizedRichText } | { id: number; ok: false; message?: string; crashed?: string };

interface Job {
  id: number;
  input: string;
  resolve(result: SanitizedRichText): void;
  reject(err: Error): void;
}

const startWorker = () => startWorkerFile('rich-text-worker', import.meta.url);

class SanitizerThread {
  private worker: Worker | null = null;
  job: Job | null = null;
  private timer: NodeJS.Timeout | null = null;
  private ready: Promise<void> | null = null;

  constructor(private readonly done: () => void) {}

  get idle(): boolean {
    return this.job === null;
  }

  run(job: Job): void {
    this.job = job;
    const worker = this.ensure();
    worker.ref();
    const start = () => {
      if (this.job !== job) return;
      this.timer = setTimeout(() => {
        // Too slow: the thread is ended (and a fresh one started for the next text).
        this.worker = null;
        this.ready = null;
        this.finish(badRequest(RichTextMessages.tooMuchFormatting));
        void worker.terminate();
        // The replacement boots now, not on the next text's time.
        this.ensure();
      }, SANITIZE_TIME_LIMIT_MS);
      worker.postMessage({ id: job.id, input: job.input });
    };
    if (this.ready) void this.ready.then(start, () => undefined);
  }

  ensure(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker();
    let booted!: () => void;
    this.ready = new Promise((resolve) => (booted = resolve));
    worker.on('message', (answer: Answer) => {
      if (answer.id === undefined) return booted();
      if (!this.job || answer.id !== this.job.id) return;
      if (answer.ok) {
        const { result } = answer;
        // Structured cloning hands back each image's bytes as a plain Uint8Array.
        this.finish(null, {
          ...result,
          images: result.images.map((i) => ({
            ...i,
            bytes: Buffer.from(i.bytes.buffer, i.bytes.byteOffset, i.bytes.byteLength),
          })),
        });
      } else if (answer.message !== undefined) {
        this.finish(badRequest(answer.message));
      } else {
        this.finish(new Error(`rich-text sanitizer failed: ${answer.crashed}`));
      }
    });
    worker.on('error', (err) => {
      this.worker = null;
      this.ready = null;
      this.finish(err);
    });
    worker.on('exit', () => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.ready = null;
      this.finish(new Error('rich-text sanitizer thread exited'));
    });
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private finish(err: Error | null, result?: SanitizedRichText): void {
    const job = this.job;
    if (!job) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.job = null;
    // An idle thread must not keep the process alive (tests, a server shutting down).
    this.worker?.unref();
    if (err) job.reject(err);
    else job.resolve(result!);
    this.done();
  }
}

let nextId = 1;
const queue: Job[] = [];
const threads: SanitizerThread[] = [];

function pump(): void {
  if (threads.length === 0) for (let i = 0; i < POOL_SIZE; i++) threads.push(new SanitizerThread(pump));
  for (const thread of threads) {
    if (queue.length === 0) return;
    if (thread.idle) thread.run(queue.shift()!);
  }
}

function sanitizeInWorker(input: string): Promise<SanitizedRichText> {
  return new Promise((resolve, reject) => {
    queue.push({ id: nextId++, input, resolve, reject });
    pump();
  });
}

/**
 * Sanitizes a request body's rich-text field off the event loop; a text out of bounds, too slow,
 * empty or too long is a 400 naming the field.
 */
export async function sanitizeRichTextField(field: string, input: string): Promise<SanitizedRichText> {
  const problem = richTextBoundsProblem(input);
  if (problem) throw badRequest(problem, field);
  try {
    return await sanitizeInWorker(input);
  } catch (err) {
    if (err instanceof HttpError && err.status === 400) throw badRequest(err.message, field);
    throw err;
  }
}
