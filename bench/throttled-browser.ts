// The throttled phone of the paint benches (bench/paint.ts, bench/portal-home.bench.ts): Debian's Chromium
// through Playwright (no download), a 390x844 touch viewport at 2x, cold cache, 150 ms RTT, 1.6 Mbps down,
// 750 kbps up (Network.emulateNetworkConditions) and a CPU 4x slower (Emulation.setCPUThrottlingRate).
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test';

export const PROFILE = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8, cpu: 4 };

/** The profile in words, for a bench's report. */
export const profileText = () =>
  `${PROFILE.latency} ms RTT, ${((PROFILE.downloadThroughput * 8) / 1024 / 1024).toFixed(1)} Mbps down, CPU ${PROFILE.cpu}x slower`;

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

/** A new phone context (unthrottled: a bench may log in through it first). */
export function phoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
}

/** A page of the context on the throttled profile, cache off; its CDP session (to watch the network). */
export async function throttledPage(context: BrowserContext): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PROFILE.latency,
    downloadThroughput: PROFILE.downloadThroughput,
    uploadThroughput: PROFILE.uploadThroughput,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpu });
  return { page, cdp };
}
