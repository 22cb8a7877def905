// A date without a time (a lead's form-fill date "2026-11-03") is a calendar date end to end (decision
// 185): imported from a CSV, stored, assigned, and read back from My Leads, the admin's pool and the CSV
// export as "2026-11-03", never as an instant that a western zone shows as Nov 2. A form-fill time with
// a time of day stays an instant. Runs on SQLite and, with TEST_DATABASE_URL, on MariaDB.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, loginAs, makeUser, type TestContext } from '../../test/harness.ts';
import type { ImportProgressEvent, UploadedImport } from '@tm/shared/schemas/admin';
import { formatDate } from '@tm/shared/logic/format';

let ctx: TestContext;
const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-calendar-dates-'));

beforeAll(async () => {
  ctx = await createTestApp({ config: { uploadDir } });
  ctx.clock.set(new Date('2026-11-20T12:00:00Z'));
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

describe('a form-fill date without a time', () => {
  it('round-trips as the same calendar date through import, assignment, My Leads, the pool and the CSV', async () => {
    const a = await makeUser(ctx.db, { isAdmin: true });
    const admin = await loginAs(ctx.app, a.email, a.password);
    const agent = await makeUser(ctx.db, { email: 'calendar.agent@example.com' });
    await ctx.db('agent_transfer_settings').insert({ userId: agent.id, timeZone: 'America/Los_Angeles' });
    const csv = [
      'Name,Phone,Form Fill Date',
      'Dana Date,5125550301,2026-11-03',
      'Tim Time,5125550302,2026-11-03T15:30:00Z',
      'Usa Date,5125550303,11/04/2026',
    ].join('\n');
    const up = await admin.post('/api/admin/lead-imports?target=assignment').set('Content-Type', 'text/csv').send(csv);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const uploaded = up.body as UploadedImport;
    const started = await admin.post(`/api/admin/lead-imports/${uploaded.import.id}/run`).send({ mapping: uploaded.suggestedMapping, dryRun: false });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    let progress = started.body.progress as ImportProgressEvent | null;
    for (let i = 0; progress?.type !== 'done' && i < 2000; i++) {
      expect(progress?.type).not.toBe('error');
      await new Promise((r) => setTimeout(r, 5));
      progress = (await admin.get(`/api/admin/lead-imports/${uploaded.import.id}`)).body.progress as ImportProgressEvent | null;
    }
    expect(progress?.type).toBe('done');

    const pool = await admin.get('/api/admin/lead-pool?status=unassigned');
    const byName = Object.fromEntries((pool.body.items as Array<{ name: string; formFillTime: string; id: number }>).map((p) => [p.name, p]));
    expect(byName['Dana Date']!.formFillTime).toBe('2026-11-03');
    expect(byName['Usa Date']!.formFillTime).toBe('2026-11-04');
    expect(byName['Tim Time']!.formFillTime).toBe('2026-11-03T15:30:00.000Z');

    const assign = await admin.post('/api/admin/lead-pool/assign').send({ agentId: agent.id, leadIds: Object.values(byName).map((p) => p.id) });
    expect(assign.status).toBe(200);
    const me = await loginAs(ctx.app, agent.email, agent.password);
    const mine = await me.get('/api/my-leads');
    expect(mine.status).toBe(200);
    const fill = Object.fromEntries((mine.body.items as Array<{ name: string; formFillTime: string }>).map((l) => [l.name, l.formFillTime]));
    expect(fill).toEqual({ 'Dana Date': '2026-11-03', 'Usa Date': '2026-11-04', 'Tim Time': '2026-11-03T15:30:00.000Z' });
    // The portal's formatter keeps the calendar date in a Pacific agent's zone; the instant moves with the zone.
    expect(formatDate(fill['Dana Date'], 'America/Los_Angeles')).toBe('Nov 3, 2026');
    expect(formatDate(fill['Tim Time'], 'America/Los_Angeles')).toBe('Nov 3, 2026');

    // Each row of My Leads has a compliance file, an assigned lead's too; its form-fill date is the same day.
    const dana = (mine.body.items as Array<{ name: string; id: string }>).find((l) => l.name === 'Dana Date')!;
    expect(dana.id).toMatch(/^assigned-\d+$/);
    const file = await me.get(`/api/compliance/assignment/${dana.id.split('-')[1]}`);
    expect(file.status).toBe(200);
    expect(file.text).toContain('Form filled</th><td>Nov 3, 2026</td>');
    expect((await admin.get(`/api/compliance/assignment/${dana.id.split('-')[1]}`)).status).toBe(404);

    const exported = await me.get('/api/my-leads/export.csv');
    expect(exported.status).toBe(200);
    expect(exported.text).toMatch(/"Dana Date",.*,"2026-11-03"\r?\n/);
  });
});
