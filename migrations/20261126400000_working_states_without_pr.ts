import type { Knex } from 'knex';
import { nowDefault } from './_helpers.ts';

// Working states are chosen from the 50 states and DC (decision 130); Transfer Controls used to offer
// Puerto Rico too. PR leaves every stored list. An agent whose only working state was PR would otherwise
// be left with an empty list, which means every state: that agent is paused instead (as if they paused
// themselves, so a payment does not lift it), and takes calls again once they choose their states.
export async function up(knex: Knex): Promise<void> {
  const rows: Array<{ userId: number; workingStates: string; paused: boolean | number }> = await knex('agent_transfer_settings')
    .select('userId', 'workingStates', 'paused')
    .where('workingStates', 'like', '%PR%');
  for (const r of rows) {
    const codes = r.workingStates
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean);
    if (!codes.includes('PR')) continue;
    const kept = codes.filter((c) => c !== 'PR');
    const patch: Record<string, unknown> = { workingStates: kept.join(',') };
    if (kept.length === 0) {
      patch.paused = true;
      patch.pausedReason = 'agent';
      if (!r.paused) patch.pausedAt = nowDefault(knex);
    }
    await knex('agent_transfer_settings').where({ userId: r.userId }).update(patch);
  }
}

// Puerto Rico is not put back: which lists held it is not kept.
export async function down(): Promise<void> {}
