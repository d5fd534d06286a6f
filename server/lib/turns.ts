/**
 * CPU work taken in turns: one job per turn of the event loop, the next started with setImmediate
 * once the last has finished, so requests arriving together (twenty suggestion requests at once)
 * never hold the loop for the sum of their work: between two jobs the loop reads sockets and
 * timers. A job is synchronous; its result is handed back through a promise.
 */
export class Turns {
  private readonly queue: Array<() => void> = [];
  private running = false;

  run<T>(job: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push(() => {
        try {
          resolve(job());
        } catch (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
        }
      });
      if (!this.running) {
        this.running = true;
        setImmediate(() => this.next());
      }
    });
  }

  private next(): void {
    const job = this.queue.shift();
    if (!job) {
      this.running = false;
      return;
    }
    job();
    setImmediate(() => this.next());
  }
}
