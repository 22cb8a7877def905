// Runs the real server (api/src/server.ts, through scripts/dev-server.ts: each process with
// its own Stripe emulator in test-payment mode) as BENCH_PROCESSES processes sharing one port (node:cluster:
// the first process accepts connections and hands each to a worker in turn), as a load balancer in
// front of several processes does in production (README, "Production topology"). Benchmarks only.
import cluster from 'node:cluster';

const count = Number(process.env.BENCH_PROCESSES ?? 2);
let stopping = false;
cluster.setupPrimary({ exec: 'scripts/dev-server.ts', execArgv: ['--import', 'tsx'], args: process.argv.slice(2) });
for (let i = 0; i < count; i++) cluster.fork();
cluster.on('exit', (worker, code) => {
  if (!stopping) console.error(`bench cluster: worker ${worker.process.pid} exited (${code})`);
  if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
});
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
  });
}
