// Background jobs behind one API: BullMQ on Redis when REDIS_URL is set (every process is a worker,
// a job runs once in the fleet, repeatable jobs are scheduled once for the fleet), an in-process
// runner with the same API without Redis (a fresh clone, tests). Decision 056.
import { Queue, Worker, type Job, type ConnectionOptions } from 'bullmq';
import type { Logger } from 'pino';
import type { Redis } from '../infra/redis.ts';

export interface JobContext {
  id: string;
  /** How many times this job was tried before this attempt. */
  attemptsMade: number;
}
export type JobHandler<T = unknown> = (data: T, ctx: JobContext) => Promise<unknown>;

export interface EnqueueOptions {
  /** A job with the same id is not added twice while it exists (runs once). */
  jobId?: string;
  /** Tries in all (default 1). Failed tries are retried with exponential backoff from `backoffMs`. */
  attempts?: number;
  backoffMs?: number;
  delayMs?: number;
}

export interface JobRunner {
  readonly kind: 'bullmq' | 'in-process';
  /** Registers the handler of jobs named `name` (once per name per process). */
  register<T>(name: string, handler: JobHandler<T>): void;
  registered(name: string): boolean;
  enqueue<T>(name: string, data: T, opts?: EnqueueOptions): Promise<string>;
  /** Runs `name` every `everyMs`, once per period for the whole fleet (scheduled when start() runs). */
  repeat(name: string, everyMs: number, data?: unknown): void;
  /** Starts working: BullMQ's worker takes jobs; both start the repeatable schedules. */
  start(): Promise<void>;
  close(): Promise<void>;
}

const noopLogger = { error: () => undefined, warn: () => undefined, info: () => undefined } as unknown as Logger;

/** Without Redis: jobs run in this process, retried as asked; repeatable jobs on a timer. */
export function inProcessRunner(logger: Logger = noopLogger): JobRunner {
  const handlers = new Map<string, JobHandler>();
  const repeats: Array<{ name: string; everyMs: number; data: unknown }> = [];
  const timers = new Set<NodeJS.Timeout>();
  const known = new Set<string>();
  let started = false;
  let closed = false;
  let seq = 0;

  const attempt = (name: string, id: string, data: unknown, opts: EnqueueOptions, made: number) => {
    if (closed) return;
    const handler = handlers.get(name);
    if (!handler) {
      logger.error({ job: name, id }, 'no handler registered for job');
      known.delete(id);
      return;
    }
    handler(data, { id, attemptsMade: made })
      .then(() => known.delete(id))
      .catch((err: unknown) => {
        const attempts = opts.attempts ?? 1;
        if (made + 1 < attempts) {
          const t = setTimeout(
            () => {
              timers.delete(t);
              attempt(name, id, data, opts, made + 1);
            },
            (opts.backoffMs ?? 1000) * 2 ** made,
          );
          t.unref();
          timers.add(t);
        } else {
          known.delete(id);
          logger.error({ err, job: name, id }, 'job failed');
        }
      });
  };

  return {
    kind: 'in-process',
    register(name, handler) {
      handlers.set(name, handler as JobHandler);
    },
    registered: (name) => handlers.has(name),
    async enqueue(name, data, opts = {}) {
      const id = opts.jobId ?? `${name}-${++seq}`;
      if (known.has(id)) return id;
      known.add(id);
      const go = () => {
        const t = setTimeout(() => {
          timers.delete(t);
          attempt(name, id, data, opts, 0);
        }, opts.delayMs ?? 0);
        timers.add(t);
      };
      // Jobs run at once (tests and `npm start` need no start()); only repeatable jobs wait for start().
      go();
      return id;
    },
    repeat(name, everyMs, data) {
      repeats.push({ name, everyMs, data });
      if (started) schedule(repeats[repeats.length - 1]!);
    },
    async start() {
      if (started) return;
      started = true;
      for (const r of repeats) schedule(r);
    },
    async close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };

  function schedule(r: { name: string; everyMs: number; data: unknown }) {
    const t = setInterval(() => attempt(r.name, `${r.name}-repeat-${++seq}`, r.data, {}, 0), r.everyMs);
    t.unref();
    timers.add(t);
  }
}

export interface BullRunnerOptions {
  redis: Redis;
  /** Key prefix of the queue in Redis (one per deployment; tests use their own). */
  prefix: string;
  queueName?: string;
  concurrency?: number;
  logger?: Logger;
}

/** With Redis: one BullMQ queue; this process's worker takes any job whose handler is registered. */
export function bullRunner(opts: BullRunnerOptions): JobRunner {
  const logger = opts.logger ?? noopLogger;
  const connection = opts.redis as unknown as ConnectionOptions;
  const queueName = opts.queueName ?? 'jobs';
  const queue = new Queue(queueName, { connection, prefix: opts.prefix });
  queue.on('error', (err) => logger.error({ err }, 'job queue error'));
  const handlers = new Map<string, JobHandler>();
  const repeats: Array<{ name: string; everyMs: number; data: unknown }> = [];
  let worker: Worker | null = null;

  const process = async (job: Job) => {
    const handler = handlers.get(job.name);
    if (!handler) throw new Error(`No handler registered for job ${job.name}`);
    return handler(job.data, { id: String(job.id), attemptsMade: job.attemptsMade });
  };

  return {
    kind: 'bullmq',
    register(name, handler) {
      handlers.set(name, handler as JobHandler);
    },
    registered: (name) => handlers.has(name),
    async enqueue(name, data, o = {}) {
      const job = await queue.add(name, data, {
        jobId: o.jobId,
        attempts: o.attempts ?? 1,
        backoff: { type: 'exponential', delay: o.backoffMs ?? 1000 },
        delay: o.delayMs,
        removeOnComplete: { age: 24 * 3600, count: 1000 },
        removeOnFail: { age: 7 * 24 * 3600 },
      });
      return String(job.id);
    },
    repeat(name, everyMs, data) {
      repeats.push({ name, everyMs, data });
      if (worker) void upsert(repeats[repeats.length - 1]!);
    },
    async start() {
      if (worker) return;
      // The scheduler is keyed by the job's name: every process upserts the same one, so the fleet
      // has one schedule and each period's job runs on one worker.
      for (const r of repeats) await upsert(r);
      worker = new Worker(queueName, process, { connection, prefix: opts.prefix, concurrency: opts.concurrency ?? 4 });
      worker.on('failed', (job, err) => logger.error({ err, job: job?.name, id: job?.id }, 'job failed'));
      worker.on('error', (err) => logger.error({ err }, 'job worker error'));
      await worker.waitUntilReady();
    },
    async close() {
      await worker?.close();
      await queue.close();
    },
  };

  async function upsert(r: { name: string; everyMs: number; data: unknown }) {
    await queue.upsertJobScheduler(
      r.name,
      { every: r.everyMs },
      { name: r.name, data: r.data ?? {}, opts: { removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } } },
    );
  }
}
