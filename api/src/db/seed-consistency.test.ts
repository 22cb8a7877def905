// The demo data tells the truth as a buyer would check it (decision 186): each appointment's time is the
// one its transcript books (weekday, date and time on the customer's clock), on a weekday after the call;
// consent is recorded before the call; nothing is bought before it exists (an appointment before its
// call, a lead before its form was filled); a lead is scrubbed after its form was filled; an outcome is
// recorded after the purchase; a transfer call ends after it starts. Seeded at several moments of the
// year (daylight saving on and off), so no date happens to make it true.
import { describe, it, expect } from 'vitest';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { createTestDb } from './index.ts';
import { fromDbDate } from './dates.ts';
import { seedDemo } from './seed.ts';
import { stateTimeZone } from '@tm/shared/logic/state-zones';

const t = (v: unknown) => fromDbDate(v)!.getTime();
const spoken = (at: Date, timeZone: string) =>
  `${new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric' }).format(at)} at ${new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(at)}`.replace(/[\u202f\u00a0]/g, ' ');

describe('demo data a buyer can check', () => {
  for (const now of [new Date('2026-11-27T13:30:00Z'), new Date('2026-03-09T02:10:00Z'), new Date('2026-07-04T23:50:00Z')]) {
    it(`is consistent when seeded at ${now.toISOString()}`, async () => {
      const { db, destroy } = await createTestDb();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-seed-truth-'));
      try {
        expect((await seedDemo(db, { dataDir, now })).seeded).toBe(true);
        const appts = await db('appointments').select('*');
        expect(appts.length).toBe(25);
        for (const a of appts) {
          const zone = stateTimeZone(a.customerState);
          const at = new Date(a.extractedAppointmentDateTime);
          const said = spoken(at, zone);
          // The transcript books exactly this time, and the customer agrees to that weekday.
          expect(a.transcript).toContain(`Would ${said} work for a call?`);
          expect(a.transcript).toContain(`Customer: Yes, ${said.split(',')[0]} works.`);
          expect(a.transcript).toContain(`you're booked for ${said}.`);
          expect(['Saturday', 'Sunday']).not.toContain(said.split(',')[0]);
          expect(JSON.parse(a.extractedAppointmentInfo).preferredTime).toBe(a.extractedAppointmentDateTime);
          // The date and time fields say the same day and time on the customer's clock.
          const [y, m, d] = String(a.appointmentDate).split('-').map(Number);
          expect(said).toContain(new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric' }));
          expect(a.extractedAppointmentDate).toBe(a.appointmentDate);
          const [hh, mm] = String(a.extractedAppointmentTime).split(':').map(Number);
          expect(said).toContain(` at ${hh! % 12 || 12}:${String(mm).padStart(2, '0')} ${hh! >= 12 ? 'PM' : 'AM'} `);
          // The appointment is after the call; consent was given before the call; the call is in the past.
          expect(at.getTime()).toBeGreaterThan(t(a.callDate));
          expect(t(a.consentAt)).toBeLessThan(t(a.callDate));
          expect(t(a.callDate)).toBeLessThanOrEqual(now.getTime());
          if (a.status === 'sold') {
            expect(a.callStatus).toBe('completed');
            expect(t(a.purchasedAt)).toBeGreaterThan(t(a.callDate));
            expect(t(a.purchasedAt)).toBeLessThanOrEqual(now.getTime());
          }
        }
        const leads = await db('leads').select('*');
        for (const l of leads) {
          const filled = t(l.formFillTime);
          expect(filled).toBeLessThanOrEqual(now.getTime());
          if (l.consentAt) expect(t(l.consentAt)).toBeLessThanOrEqual(filled + 60_000);
          if (l.dncScrubbedAt) expect(t(l.dncScrubbedAt)).toBeGreaterThanOrEqual(filled);
          if (l.certificateClaimExpiresAt) expect(t(l.certificateClaimExpiresAt)).toBeGreaterThan(t(l.consentAt));
          if (l.soldAt) {
            expect(t(l.soldAt)).toBeGreaterThan(filled);
            expect(t(l.soldAt)).toBeLessThanOrEqual(now.getTime());
          }
        }
        const bought = new Map<string, number>([
          ...leads.filter((l) => l.soldAt).map((l) => [`lead-${l.id}`, t(l.soldAt)] as const),
          ...appts.filter((a) => a.purchasedAt).map((a) => [`appointment-${a.id}`, t(a.purchasedAt)] as const),
        ]);
        for (const c of await db('transferCalls').select('*')) {
          expect(t(c.endedAt)).toBeGreaterThan(t(c.startedAt));
          expect(t(c.startedAt)).toBeLessThanOrEqual(now.getTime());
          bought.set(`transfer-${c.id}`, t(c.startedAt));
        }
        const dayStart = (ms: number) => new Date(ms).toISOString().slice(0, 10);
        for (const o of await db('itemOutcomes').select('*')) {
          const b = bought.get(`${o.itemType}-${o.itemId}`);
          expect(b, `${o.itemType} ${o.itemId} has an outcome but was not bought`).toBeDefined();
          expect(t(o.createdAt)).toBeGreaterThanOrEqual(b!);
          expect(String(o.outcomeDate) >= dayStart(b!)).toBe(true);
        }
      } finally {
        await destroy();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }
});
