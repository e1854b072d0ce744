import { Worker } from 'node:worker_threads';
import type { Drawn, FromThread, MapJob, ToThread } from './worker.js';

/** The drawing threads have as many maps waiting as they take: the caller answers "busy, try later". */
export class DrawingQueueFull extends Error {
  constructor(readonly waiting: number) {
    super(`the server is drawing ${waiting} maps already: try again in a few seconds`);
  }
}

interface Waiting {
  readonly id: number;
  readonly job: MapJob;
  resolve(d: Drawn): void;
  reject(e: Error): void;
}

interface Thread {
  readonly worker: Worker;
  job?: Waiting;
  timer?: NodeJS.Timeout;
}

export interface DrawingThreadsOptions {
  /** Threads at most (default 1); each is started when first needed. */
  readonly threads?: number;
  /** Maps that may wait for a thread (default 32); one more is refused with DrawingQueueFull. */
  readonly maxWaiting?: number;
  /** A drawing that takes longer is given up, and its thread ended (default 60 s). */
  readonly timeoutMs?: number;
}

/**
 * Threads that draw maps (./worker.ts), one map at a time each, the others waiting in order. A thread that fails or
 * takes too long is ended and its map refused with the reason; the next map starts a new one. Idle threads do not keep
 * the process alive.
 */
export class DrawingThreads {
  private readonly threads: Thread[] = [];
  private readonly waiting: Waiting[] = [];
  private nextId = 1;
  private closed = false;
  readonly size: number;
  private readonly maxWaiting: number;
  private readonly timeoutMs: number;

  constructor(opts: DrawingThreadsOptions = {}) {
    this.size = Math.max(1, opts.threads ?? 1);
    this.maxWaiting = opts.maxWaiting ?? 32;
    this.timeoutMs = opts.timeoutMs ?? 60_000;
  }

  /** Maps waiting for a thread, and maps being drawn. */
  get load(): { waiting: number; drawing: number } {
    return { waiting: this.waiting.length, drawing: this.threads.filter((t) => t.job).length };
  }

  draw(job: MapJob): Promise<Drawn> {
    if (this.closed) return Promise.reject(new Error('the drawing threads are closed'));
    if (this.waiting.length >= this.maxWaiting) return Promise.reject(new DrawingQueueFull(this.waiting.length));
    return new Promise((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, job, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (!this.closed && this.waiting.length) {
      const thread = this.threads.find((t) => !t.job) ?? (this.threads.length < this.size ? this.start() : undefined);
      if (!thread) return;
      const job = this.waiting.shift()!;
      thread.job = job;
      thread.worker.ref();
      thread.timer = setTimeout(() => this.fail(thread, new Error(`drawing the map took longer than ${this.timeoutMs / 1000} s`)), this.timeoutMs);
      thread.worker.postMessage({ id: job.id, job: job.job } satisfies ToThread);
    }
  }

  private start(): Thread {
    const worker = new Worker(new URL('./worker.js', import.meta.url));
    const thread: Thread = { worker };
    worker.on('message', (msg: FromThread) => {
      const job = thread.job;
      if (!job || job.id !== msg.id) return;
      this.settle(thread);
      if ('failed' in msg) job.reject(new Error(msg.failed));
      else job.resolve(msg.drawn);
      this.pump();
    });
    worker.on('error', (e) => this.fail(thread, e));
    worker.on('exit', (code) => this.fail(thread, new Error(`the drawing thread stopped (exit code ${code})`)));
    worker.unref();
    this.threads.push(thread);
    return thread;
  }

  /** The thread's job is over: it waits, idle, for the next. */
  private settle(thread: Thread): void {
    clearTimeout(thread.timer);
    thread.job = undefined;
    thread.worker.unref();
  }

  /** The thread failed: its job is refused, the thread ended and forgotten. */
  private fail(thread: Thread, e: Error): void {
    const i = this.threads.indexOf(thread);
    if (i < 0) return;
    this.threads.splice(i, 1);
    const job = thread.job;
    this.settle(thread);
    job?.reject(e);
    void thread.worker.terminate();
    this.pump();
  }

  async close(): Promise<void> {
    this.closed = true;
    const stopped = new Error('the server is stopping');
    for (const w of this.waiting.splice(0)) w.reject(stopped);
    const threads = this.threads.splice(0);
    for (const t of threads) {
      const job = t.job;
      this.settle(t);
      job?.reject(stopped);
    }
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }
}
