// The portal home's largest contentful paint (issue 25 item 9, decision 185): /dashboard logged in as the
// demo agent, in Debian's Chromium through Playwright, on the throttled profile of bench/paint.ts
// (Network.emulateNetworkConditions 150 ms RTT, 1.6 Mbps down, 750 kbps up; Emulation.setCPUThrottlingRate
// 4x), cold cache, mobile viewport 390x844. LCP is read from the largest-contentful-paint entries. Also
// lists the scripts the page downloaded and fails if Home loads the validation schemas (zod) or the form
// library (react-hook-form). Median of PORTAL_LCP_RUNS (3). Budget: LCP under 1,500 ms; exit 1 if missed.
// Run: npm run build && npm run bench -- portal-home   (or BENCH_URL=http://host:port to use a running server)
import { startServer } from './lib.ts';
import { launchChromium, median, phoneContext, profileText, throttledPage } from './throttled-browser.ts';

const RUNS = Number(process.env.PORTAL_LCP_RUNS ?? 3);
const LCP_BUDGET_MS = 1500;
const AGENT = { identifier: 'agent@example.com', password: 'demo-agent-pass' };

const server = process.env.BENCH_URL ? null : await startServer(3943);
const base = process.env.BENCH_URL ?? server!.url;
const browser = await launchChromium();

interface Sample {
  fcp: number;
  lcp: number;
  lcpElement: string;
  scripts: Array<{ url: string; bytes: number }>;
}
const samples: Sample[] = [];
let waterfall: Array<{ name: string; start: number; end: number }> = [];
const offenders: string[] = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const context = await phoneContext(browser);
    // Log in unthrottled (the session cookie lands in the context), then measure a cold load of /dashboard.
    const login = await context.request.post(`${base}/api/login`, { data: AGENT });
    if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
    const { page, cdp } = await throttledPage(context);
    const scripts: Array<{ url: string; bytes: number }> = [];
    const requests = new Map<string, string>();
    cdp.on('Network.responseReceived', (e: { requestId: string; type: string; response: { url: string } }) => {
      if (e.type === 'Script') requests.set(e.requestId, e.response.url);
    });
    cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
      const url = requests.get(e.requestId);
      if (url) scripts.push({ url: new URL(url).pathname, bytes: e.encodedDataLength });
    });
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number; __lcpEl: string };
      w.__lcp = 0;
      w.__lcpEl = '';
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as Array<PerformanceEntry & { element?: Element | null }>) {
          w.__lcp = e.startTime;
          const el = e.element;
          w.__lcpEl = el
            ? `"${(el.textContent ?? '').trim().slice(0, 40)}" ${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}${el.className ? '.' + String(el.className).split(' ').join('.') : ''}`
            : '';
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(`${base}/dashboard`, { waitUntil: 'load' });
    // The data arrives, and anything larger painted with it would become the LCP: wait for it.
    await page.getByTestId('home-balance').locator('.home-stat-value').filter({ hasNotText: '—' }).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1500);
    const m = await page.evaluate(() => {
      const w = window as unknown as { __lcp: number; __lcpEl: string };
      return { fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN, lcp: w.__lcp, lcpElement: w.__lcpEl };
    });
    samples.push({ ...m, scripts });
    // The last load's waterfall: when each request started and ended, against the navigation.
    if (i === RUNS - 1) {
      waterfall = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const rows = [{ name: 'document', start: nav.startTime, end: nav.responseEnd }];
        for (const r of performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          rows.push({ name: new URL(r.name).pathname, start: r.startTime, end: r.responseEnd });
        return rows;
      });
    }
    console.log(`  run ${i + 1}: FCP ${Math.round(m.fcp)} ms, LCP ${Math.round(m.lcp)} ms (${m.lcpElement})`);
    await context.close();
  }
  // Home must not download the validation schemas or the form library: their chunks are named for them
  // by the build (manualChunks), or found by content below.
  for (const s of samples.at(-1)!.scripts) {
    const res = await fetch(`${base}${s.url}`).catch(() => null);
    const text = res ? await res.text() : '';
    if (/ZodError|\$ZodType|_zod/.test(text)) offenders.push(`${s.url} carries zod`);
    if (/useForm|react-hook-form|formState/.test(text) && /register/.test(text) && /handleSubmit/.test(text))
      offenders.push(`${s.url} carries the form library`);
  }
} finally {
  await browser.close();
  await server?.stop();
}

const lcp = median(samples.map((s) => s.lcp));
const fcp = median(samples.map((s) => s.fcp));
const last = samples.at(-1)!;
console.log(`\nThrottled: ${profileText()}, 390x844, cold cache, logged in; median of ${RUNS} loads.`);
console.log('\n| page | FCP ms | LCP ms | LCP element | scripts | script KB (transferred) |');
console.log('|---|---:|---:|---|---:|---:|');
console.log(
  `| /dashboard (Home) | ${Math.round(fcp)} | ${Math.round(lcp)} | ${last.lcpElement} | ${last.scripts.length} | ${(last.scripts.reduce((s, x) => s + x.bytes, 0) / 1024).toFixed(1)} |`,
);
console.log('\nScripts downloaded by Home:');
for (const s of last.scripts) console.log(`  ${s.url} ${(s.bytes / 1024).toFixed(1)} KB`);

console.log('\nThe last load, request by request (ms from navigation):');
for (const w of waterfall) console.log(`  ${String(Math.round(w.start)).padStart(5)} - ${String(Math.round(w.end)).padStart(5)}  ${w.name}`);

console.log('');
console.log(`${lcp < LCP_BUDGET_MS ? 'PASS' : 'FAIL'}  /dashboard LCP ${Math.round(lcp)} ms (budget under ${LCP_BUDGET_MS} ms)`);
console.log(
  `${offenders.length === 0 ? 'PASS' : 'FAIL'}  Home downloads no validation schemas and no form library${offenders.length ? `: ${offenders.join('; ')}` : ''}`,
);
if (!(lcp < LCP_BUDGET_MS) || offenders.length) process.exit(1);
