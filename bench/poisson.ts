// An open-loop load generator with Poisson arrivals: requests start at random exponential intervals
// (mean 1/rate), each whether or not the ones before it have answered, as independent users arrive.
// autocannon's `overallRate` sends in bursts and a closed loop waits for answers (a slow server is then
// offered less load and its latency looks better than it is). Each latency is measured from the moment
// the request was due, not from when it went out, so a stall of the generator counts against the server
// too (no coordinated omission). Requests during the warm-up are sent but not counted.
import http from 'node:http';

export interface OpenLoopOptions {
  /** The server's origin, http://127.0.0.1:3000. */
  url: string;
  /** Mean arrivals per second. */
  rate: number;
  /** Sent but not measured first. */
  warmupSeconds: number;
  seconds: number;
  /** The path of each request (a different filter and page each time). */
  path: () => string;
  headers?: Record<string, string>;
  /** A request unanswered this long is abandoned and counted as an error (default 10 s). */
  timeoutMs?: number;
  /** Randomness in [0, 1), for a repeatable run. */
  random?: () => number;
}

export interface OpenLoopResult {
  /** Requests measured (after the warm-up) and the rate they were offered at. */
  total: number;
  offeredRate: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Network errors and timeouts, and answers other than 2xx, among the measured. */
  errors: number;
  non2xx: number;
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN);

export async function openLoop(opts: OpenLoopOptions): Promise<OpenLoopResult> {
  const random = opts.random ?? Math.random;
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const base = new URL(opts.url);
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const inFlight = new Set<Promise<void>>();
  const start = performance.now();
  const measureFrom = start + opts.warmupSeconds * 1000;
  const end = measureFrom + opts.seconds * 1000;

  const send = (due: number) => {
    const counted = due >= measureFrom;
    const done = new Promise<void>((resolve) => {
      const req = http.request(
        {
          host: base.hostname,
          port: base.port,
          path: opts.path(),
          method: 'GET',
          agent,
          headers: opts.headers,
          signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (counted) {
              latencies.push(performance.now() - due);
              if (res.statusCode! < 200 || res.statusCode! >= 300) non2xx += 1;
            }
            resolve();
          });
        },
      );
      req.on('error', () => {
        if (counted) errors += 1;
        resolve();
      });
      req.end();
    });
    inFlight.add(done);
    void done.then(() => inFlight.delete(done));
  };

  // Arrival times: a Poisson process (exponential gaps). Every request due by now is sent, then the
  // generator sleeps until the next one is due.
  let due = start;
  for (;;) {
    due += (-Math.log(1 - random()) / opts.rate) * 1000;
    if (due >= end) break;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    send(due);
  }
  await Promise.all([...inFlight]);
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    total: sorted.length + errors,
    offeredRate: round((sorted.length + errors) / opts.seconds),
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? NaN),
    errors,
    non2xx,
  };
}
