import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { GameSpec, GameSummary } from './runner.js';
import type { FromWorker, ToWorker, WorkerData } from './worker.js';

/** The default number of worker threads: one per core (the main thread only waits for them), at least 1. */
export const defaultWorkers = (): number => Math.max(1, availableParallelism());

interface Waiting {
  readonly spec: GameSpec;
  resolve(s: GameSummary): void;
  reject(e: Error): void;
}

/**
 * Worker threads that play games: each puts the data overrides `files` in force before its first game (through the
 * ruleset's lab tool), then plays one game at a time. `play` queues a game and resolves with its summary; `close` ends
 * the threads (games not finished are rejected).
 */
export class WorkerPool {
  private readonly threads: Worker[] = [];
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Waiting>();
  private readonly queue: Waiting[] = [];
  private closed = false;

  constructor(
    readonly size: number,
    files: Readonly<Record<string, unknown>>,
  ) {
    for (let i = 0; i < Math.max(1, size); i++) {
      const w = new Worker(new URL('./worker.js', import.meta.url), { workerData: { files } satisfies WorkerData });
      w.on('message', (msg: FromWorker) => {
        const job = this.busy.get(w);
        this.busy.delete(w);
        if (job) {
          if ('failed' in msg) job.reject(new Error(`game ${msg.game}: ${msg.failed}`));
          else job.resolve(msg.summary);
        }
        this.idle.push(w);
        this.pump();
      });
      w.on('error', (e) => {
        const job = this.busy.get(w);
        this.busy.delete(w);
        job?.reject(e);
        for (const q of this.queue.splice(0)) q.reject(e);
        this.closed = true;
      });
      this.threads.push(w);
      this.idle.push(w);
    }
  }

  play(spec: GameSpec): Promise<GameSummary> {
    if (this.closed) return Promise.reject(new Error('the worker threads are closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ spec, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (!this.closed && this.idle.length && this.queue.length) {
      const w = this.idle.pop()!;
      const job = this.queue.shift()!;
      this.busy.set(w, job);
      w.postMessage({ spec: job.spec } satisfies ToWorker);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const stopped = new Error('stopped');
    for (const q of this.queue.splice(0)) q.reject(stopped);
    for (const job of this.busy.values()) job.reject(stopped);
    this.busy.clear();
    this.idle.length = 0;
    await Promise.all(this.threads.map((w) => w.terminate()));
  }
}
