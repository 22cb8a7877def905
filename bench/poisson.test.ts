// The open-loop generator (bench/poisson.ts): arrivals keep their rate however slowly the server
// answers, gaps are exponential, the warm-up is not measured, latency counts from when a request was due.
import { describe, it, expect } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { openLoop } from './poisson.ts';

describe('openLoop', () => {
  it('offers the rate asked for against a slow server, and measures its latency', async () => {
    let arrivals = 0;
    const server = http.createServer((req, res) => {
      arrivals += 1;
      setTimeout(() => res.end(req.url), 200);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const result = await openLoop({ url, rate: 50, warmupSeconds: 1, seconds: 3, path: () => '/x' });
      // A closed loop of one connection would send 5 a second here; an open loop keeps ~50.
      expect(result.offeredRate).toBeGreaterThan(30);
      expect(result.offeredRate).toBeLessThan(75);
      // The warm-up's requests were sent but not counted.
      expect(arrivals).toBeGreaterThan(result.total);
      expect(result.p50).toBeGreaterThanOrEqual(199);
      expect(result.p99).toBeGreaterThanOrEqual(result.p50);
      expect(result.errors + result.non2xx).toBe(0);
    } finally {
      server.close();
    }
  });
});
