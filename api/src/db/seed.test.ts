import { describe, it, expect } from 'vitest';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { createTestDb } from './index.ts';
import { seedDemo, generateWav, STATE_ZIP_PREFIXES } from './seed.ts';

describe('demo seed', () => {
  it('fills an empty database once, and never a production one', async () => {
    const { db, destroy } = await createTestDb();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-seed-'));
    try {
      expect((await seedDemo(db, { dataDir, production: true })).seeded).toBe(false);
      expect(await db('users').count({ n: '*' }).first()).toMatchObject({ n: 0 });
      expect((await seedDemo(db, { dataDir })).seeded).toBe(true);
      const count = async (t: string, where: Record<string, unknown> = {}) => Number((await db(t).where(where).count({ n: '*' }).first())?.n);
      expect(await count('users')).toBe(3);
      expect(await count('users', { isAdmin: true })).toBe(1);
      expect(await count('trainingAdmins')).toBe(1);
      expect(await count('leads', { kind: 'aged' })).toBe(300);
      expect(await count('leads', { kind: 'fresh' })).toBe(60);
      expect(await count('appointments')).toBe(25);
      expect(await count('brightcallCallbacks')).toBe(20);
      expect(await count('trainingVideos')).toBe(6);
      expect(await count('leadAssignments')).toBeGreaterThanOrEqual(6);
      const states = await db('leads').distinct('customerState');
      expect(states.length).toBeGreaterThan(10);
      // Demo ZIP codes belong to their states (issue 34 item 8).
      for (const r of [...(await db('leads').select('customerState as state', 'zipCode')), ...(await db('leadAssignments').select('state', 'zipCode'))]) {
        const [lo, hi] = STATE_ZIP_PREFIXES[r.state as string]!;
        const prefix = Number(String(r.zipCode).slice(0, 3));
        expect(prefix >= lo && prefix <= hi, `${r.state} ${r.zipCode}`).toBe(true);
      }
      expect(fs.statSync(path.join(dataDir, 'media', 'demo-call.wav')).size).toBeGreaterThan(90 * 8000);
      // Results demo: the second agent's purchases with outcomes (two left open), and a filled Results page.
      const agent2 = await db('users').where({ email: 'agent2@example.com' }).first('id');
      expect(await count('leads', { buyerId: agent2.id, status: 'sold' })).toBe(16);
      expect(await count('itemOutcomes', { userId: agent2.id })).toBe(23);
      const { results } = await import('../services/outcomes/outcomes.service.ts');
      const today = new Date().toISOString().slice(0, 10);
      const from = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
      const view = await results(db, agent2.id, from, today);
      expect(view.totals.items).toBe(25);
      expect(view.totals.sales).toBeGreaterThan(0);
      expect(view.totals.premiumCents).toBeGreaterThan(0);
      // Compliance demo: consent records, DNC entries whose leads are off sale.
      expect(await count('dncEntries')).toBe(4);
      expect(await count('leads', { status: 'blocked' })).toBe(2);
      expect(Number((await db('leads').whereNotNull('certificateId').count({ n: '*' }).first())?.n)).toBeGreaterThan(200);
      // A second run leaves the now non-empty database alone.
      expect((await seedDemo(db, { dataDir })).seeded).toBe(false);
      expect(await count('leads')).toBe(360);
    } finally {
      await destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('generates a valid PCM WAV header', () => {
    const wav = generateWav(2);
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
    expect(wav.readUInt32LE(24)).toBe(8000);
    expect(wav.length).toBe(44 + 16000);
  });
});
