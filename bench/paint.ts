// First contentful paint and layout shift in Chromium (Debian's /usr/bin/chromium through Playwright, no
// download) on a throttled profile (150 ms RTT, 1.6 Mbps down, 750 kbps up, CPU 4x slower), for /,
// /standard-pricing and /checkout: the median of PAINT_RUNS (3) cold loads each, layout shift measured
// until 3 s after load (islands hydrated). Budget: layout shift under 0.1. Starts the built server on a
// scratch SQLite database (or uses BENCH_URL). Run: npm run build && npx tsx bench/paint.ts
import { startServer } from './lib.ts';
import { launchChromium, median, phoneContext, profileText, throttledPage } from './throttled-browser.ts';

const PAGES = ['/', '/standard-pricing', '/checkout'];
const RUNS = Number(process.env.PAINT_RUNS ?? 3);
const CLS_BUDGET = 0.1;

const server = process.env.BENCH_URL ? null : await startServer(3941);
const base = process.env.BENCH_URL ?? server!.url;
const browser = await launchChromium();

interface Sample {
  fcp: number;
  lcp: number;
  cls: number;
  load: number;
}

const results: Array<{ page: string; fcp: number; lcp: number; cls: number; load: number }> = [];
try {
  for (const p of PAGES) {
    const samples: Sample[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await phoneContext(browser);
      const { page } = await throttledPage(context);
      await page.addInitScript(() => {
        const w = window as unknown as { __cls: number; __lcp: number; __sw: { value: number; first: number; last: number } };
        w.__cls = 0;
        w.__lcp = 0;
        w.__sw = { value: 0, first: 0, last: 0 };
        // CLS as Chromium reports it: the largest session window of shifts (1 s gap, 5 s window).
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
            if (e.hadRecentInput) continue;
            const s = w.__sw;
            if (s.value && e.startTime - s.last < 1000 && e.startTime - s.first < 5000) s.value += e.value;
            else w.__sw = { value: e.value, first: e.startTime, last: e.startTime };
            w.__sw.last = e.startTime;
            w.__cls = Math.max(w.__cls, w.__sw.value);
          }
        }).observe({ type: 'layout-shift', buffered: true });
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__lcp = e.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(`${base}${p}`, { waitUntil: 'load' });
      await page.waitForTimeout(3000);
      const m = await page.evaluate(() => {
        const w = window as unknown as { __cls: number; __lcp: number };
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
        return { fcp, lcp: w.__lcp, cls: w.__cls, load: nav?.loadEventEnd ?? NaN };
      });
      samples.push(m);
      await context.close();
    }
    const row = {
      page: p,
      fcp: median(samples.map((s) => s.fcp)),
      lcp: median(samples.map((s) => s.lcp)),
      cls: Math.max(...samples.map((s) => s.cls)),
      load: median(samples.map((s) => s.load)),
    };
    results.push(row);
    console.log(`  ${p}: FCP ${Math.round(row.fcp)} ms, CLS ${row.cls.toFixed(3)}`);
  }
} finally {
  await browser.close();
  await server?.stop();
}

console.log(`\nThrottled: ${profileText()}, mobile viewport 390x844, cold cache; median of ${RUNS} loads (CLS: worst).`);
console.log('\n| page | FCP ms | LCP ms | load ms | layout shift |');
console.log('|---|---:|---:|---:|---:|');
for (const r of results) console.log(`| ${r.page} | ${Math.round(r.fcp)} | ${Math.round(r.lcp)} | ${Math.round(r.load)} | ${r.cls.toFixed(3)} |`);
const failed = results.filter((r) => !(r.cls < CLS_BUDGET));
console.log('');
for (const r of results) console.log(`${r.cls < CLS_BUDGET ? 'PASS' : 'FAIL'}  ${r.page}: layout shift ${r.cls.toFixed(3)} (budget under ${CLS_BUDGET})`);
if (failed.length) process.exit(1);
