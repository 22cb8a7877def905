// Issue 34 item 7 in the browser: a purchase at 9 PM in Los Angeles (05:00 UTC the next day) is in that
// day's Results, for an agent whose zone is Los Angeles, whatever the browser's own zone.
import { test, expect } from '@playwright/test';
import { localDateKey, startOfLocalDate } from '@tm/shared/logic/transfer-rules';
import { adminPage, createUser, login, unique } from '../tests/helpers.ts';
import { e2eDb, closeE2eDb } from '../tests/funnel-db.ts';

test.afterAll(closeE2eDb);
test.use({ timezoneId: 'Asia/Tokyo' });

test("a purchase at 9 PM in Los Angeles is counted in today's Results", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const tag = unique();
  const { admin, adminContext } = await adminPage(browser);
  const email = `la.${tag}@example.com`;
  const agentId = await createUser(admin, {
    email,
    password: 'la-pass-1',
    firstName: 'Lola',
    lastName: 'Angeles',
    agencyName: 'LA Agency',
    phone: '5550102066',
  });
  await adminContext.close();
  await login(page, email, 'la-pass-1');
  const set = await page.request.put('/api/transfers/settings', {
    headers: { Origin: new URL(page.url()).origin },
    data: { callsPerDay: null, workingStates: [], hoursStart: null, hoursEnd: null, timeZone: 'America/Los_Angeles', paused: false, resumeDate: null },
  });
  expect(set.status(), await set.text()).toBe(200);

  // 21:00 today in Los Angeles, stored as UTC like every timestamp.
  const zone = 'America/Los_Angeles';
  const today = localDateKey(new Date(), zone);
  const ninePm = new Date(startOfLocalDate(today, zone).getTime() + 21 * 3_600_000);
  await e2eDb()('appointments').insert({
    customerName: `Evening Buy ${tag}`,
    customerPhone: '3105550199',
    customerState: 'CA',
    callStatus: 'completed',
    priceCents: 1000,
    status: 'sold',
    buyerId: agentId,
    purchasedAt: ninePm.toISOString().replace('T', ' ').replace('Z', ''),
  });

  await page.goto(`/dashboard/results?from=${today}&to=${today}`);
  await expect(page.getByTestId('total-items')).toContainText('1');
  await expect(page.getByTestId('total-spend')).toContainText('$10');
  // The default period ends on the agent's today too.
  await page.goto('/dashboard/results');
  await expect(page.getByTestId('total-items')).toContainText('1');
});
