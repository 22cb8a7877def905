// Console errors, uncaught page errors and CSP violations of a page, collected while a test walks it
// (issue 35 A12): a clean console is part of what a page must deliver.
import type { Page } from '@playwright/test';

export interface ConsoleWatch {
  /** Everything seen so far, one line each: "console error: ...", "page error: ...", "csp: <directive> <blocked URL>". */
  problems: string[];
}

export async function watchConsole(page: Page): Promise<ConsoleWatch> {
  const watch: ConsoleWatch = { problems: [] };
  page.on('console', (m) => {
    if (m.type() === 'error') watch.problems.push(`console error on ${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => watch.problems.push(`page error on ${page.url()}: ${e.message}`));
  await page.exposeFunction('__reportCsp', (line: string) => watch.problems.push(`csp on ${page.url()}: ${line}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCsp: (l: string) => void }).__reportCsp(`${e.effectiveDirective} ${e.blockedURI}`);
    });
  });
  return watch;
}

/** Visits each path and waits for the network to settle, so late scripts and reads are seen. */
export async function visitAll(page: Page, paths: string[]): Promise<void> {
  for (const p of paths) {
    await page.goto(p);
    await page.waitForLoadState('networkidle');
  }
}
