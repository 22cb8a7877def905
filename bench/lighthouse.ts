// Lighthouse best-practices on /checkout and /login (issue 35 A12, target 100): console errors, CSP
// violations, deprecated APIs, third-party cookies and the rest of Lighthouse's best-practices audits,
// run with Lighthouse 12 in Debian's /usr/bin/chromium (headless) against the built server in
// test-payment mode on a scratch SQLite database (or BENCH_URL). Prints each page's score and every audit
// that failed; exits 1 below the target. Run: npm run build && npx tsx bench/lighthouse.ts
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { startServer } from './lib.ts';

const PAGES = (process.env.LIGHTHOUSE_PAGES ?? '/checkout,/login').split(',');
const TARGET = 100;

const server = process.env.BENCH_URL ? null : await startServer(Number(process.env.BENCH_PORT ?? 3123));
const base = process.env.BENCH_URL ?? server!.url;
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
let missed = false;
try {
  for (const p of PAGES) {
    const result = await lighthouse(`${base}${p}`, { port: chrome.port, onlyCategories: ['best-practices'], output: 'json', logLevel: 'error' });
    const lhr = result!.lhr;
    const score = Math.round((lhr.categories['best-practices']!.score ?? 0) * 100);
    const failed = Object.values(lhr.audits).filter(
      (a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable',
    );
    console.log(`lighthouse best-practices ${p}: ${score} (target ${TARGET})`);
    for (const a of failed) console.log(`  failed: ${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    if (score < TARGET) missed = true;
  }
} finally {
  chrome.kill();
  await server?.stop();
}
process.exit(missed ? 1 : 0);
