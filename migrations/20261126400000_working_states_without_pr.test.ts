// Working states lose Puerto Rico (decision 130): kept states stay, and an agent left with none (which
// would mean every state) is paused instead of taking calls from everywhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../api/src/db/index.ts';
import { makeUser } from '../api/src/test/harness.ts';
import { up } from './20261126400000_working_states_without_pr.ts';

let t: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => t?.destroy());

describe('20261126400000_working_states_without_pr', () => {
  it('drops PR from working states and pauses an agent whose only state it was', async () => {
    const [mixed, onlyPr, noBalance, none, untouched] = await Promise.all([1, 2, 3, 4, 5].map(() => makeUser(t.db)));
    await t.db('agent_transfer_settings').insert([
      { userId: mixed!.id, workingStates: 'FL,PR,TX', paused: false, pausedReason: null, pausedAt: null },
      { userId: onlyPr!.id, workingStates: 'PR', paused: false, pausedReason: null, pausedAt: null },
      { userId: noBalance!.id, workingStates: 'PR', paused: true, pausedReason: 'no_balance', pausedAt: '2026-11-20 10:00:00.000' },
      { userId: none!.id, workingStates: '', paused: false, pausedReason: null, pausedAt: null },
      { userId: untouched!.id, workingStates: 'PA,TX', paused: false, pausedReason: null, pausedAt: null },
    ]);
    await up(t.db);
    const rows = await t.db('agent_transfer_settings').select('userId', 'workingStates', 'paused', 'pausedReason', 'pausedAt').orderBy('userId');
    const by = (id: number) => rows.find((r) => r.userId === id);
    expect(by(mixed!.id)).toMatchObject({ workingStates: 'FL,TX', pausedReason: null });
    expect(Boolean(by(mixed!.id).paused)).toBe(false);
    expect(by(onlyPr!.id)).toMatchObject({ workingStates: '', pausedReason: 'agent' });
    expect(Boolean(by(onlyPr!.id).paused)).toBe(true);
    expect(by(onlyPr!.id).pausedAt).not.toBeNull();
    expect(by(noBalance!.id)).toMatchObject({ workingStates: '', pausedReason: 'agent' });
    expect(String(by(noBalance!.id).pausedAt)).toContain('2026-11-20');
    expect(by(none!.id)).toMatchObject({ workingStates: '', pausedReason: null });
    expect(Boolean(by(none!.id).paused)).toBe(false);
    expect(by(untouched!.id)).toMatchObject({ workingStates: 'PA,TX' });
  });
});
