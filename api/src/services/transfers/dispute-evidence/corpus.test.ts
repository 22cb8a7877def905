// The dispute corpus (api/src/test/fixtures/disputes/corpus.jsonl, labelled before the rules were written):
// the rules must decide at least 80% of it, agree with the label on at least 95% of what they decide, and
// never approve a call labelled deny. It holds at least 200 distinct scenarios (hand-written conversations;
// a scenario's copies differ only in names, states and speaker styles). The figures are printed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { DisputeReasonCode } from '@tm/shared/schemas/transfers';
import { classifyByRules } from './rules.ts';

interface CorpusRow {
  id: string;
  /** The hand-written scenario the line comes from; its copies differ only in names, states and styles. */
  scenario: string;
  reason: DisputeReasonCode;
  durationSeconds: number;
  state: string;
  workingStates: string[];
  label: 'approve' | 'deny' | 'human';
  note: string;
  transcript: string | null;
}

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/disputes/corpus.jsonl');
const corpus: CorpusRow[] = fs
  .readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as CorpusRow);

describe('dispute rules against the labelled corpus', () => {
  const results = corpus.map((row) => ({
    row,
    verdict: classifyByRules({
      reason: row.reason,
      transcript: row.transcript,
      durationSeconds: row.durationSeconds,
      state: row.state,
      workingStates: row.workingStates,
    }),
  }));
  const decided = results.filter((r) => r.verdict.decision !== 'human');
  const agree = decided.filter((r) => r.verdict.decision === r.row.label);
  const approvedDenials = decided.filter((r) => r.verdict.decision === 'approve' && r.row.label === 'deny');
  const decidedShare = decided.length / corpus.length;
  const agreement = decided.length ? agree.length / decided.length : 0;

  it('has at least 200 labelled transcripts covering every reason and label', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(200);
    for (const reason of ['out_of_state', 'wrong_number', 'hung_up_before_questions', 'not_qualified']) {
      for (const label of ['approve', 'deny', 'human'])
        expect(
          corpus.some((r) => r.reason === reason && r.label === label),
          `${reason}/${label}`,
        ).toBe(true);
    }
  });

  it('holds at least 200 distinct scenarios, each one conversation with one reason and one label', () => {
    const byScenario = new Map<string, CorpusRow[]>();
    for (const row of corpus) byScenario.set(row.scenario, [...(byScenario.get(row.scenario) ?? []), row]);
    expect(byScenario.size).toBeGreaterThanOrEqual(200);
    for (const [id, rows] of byScenario) {
      expect(new Set(rows.map((r) => `${r.reason} ${r.label}`)).size, id).toBe(1);
    }
    // A scenario id is not a relabelled copy of another: with stamps, speaker labels, names and numbers
    // taken out, no two scenarios share a transcript.
    const skeleton = (transcript: string) =>
      transcript
        .split('\n')
        .map((line) =>
          line
            .replace(/^\s*(\[\d+:\d{2}\]\s*)?[^:]{1,40}:\s*/, '')
            .replace(/\b[A-Z][a-z]+\b/g, 'X')
            .replace(/[$\d.,]+\d/g, '#')
            .toLowerCase(),
        )
        .join('\n');
    const owner = new Map<string, string>();
    for (const row of corpus) {
      if (!row.transcript) continue;
      const key = skeleton(row.transcript);
      const other = owner.get(key);
      expect(other === undefined || other === row.scenario, `${row.id} (${row.scenario}) repeats ${other}`).toBe(true);
      owner.set(key, row.scenario);
    }
  });

  it('decides at least 80%, agrees on at least 95% of its decisions, and approves no call labelled deny', () => {
    const disagreements = results
      .filter((r) => r.verdict.decision !== r.row.label)
      .map((r) => `${r.row.id} ${r.row.reason}: label ${r.row.label}, rules ${r.verdict.decision} (${r.verdict.summary})`);
    console.log(
      [
        `dispute corpus: ${corpus.length} transcripts`,
        `decided by the rules: ${decided.length} (${(decidedShare * 100).toFixed(1)}%)`,
        `rule decisions agreeing with the label: ${agree.length}/${decided.length} (${(agreement * 100).toFixed(1)}%)`,
        `rule approvals of calls labelled deny: ${approvedDenials.length}`,
        `left to an admin: ${corpus.length - decided.length} (labelled human: ${corpus.filter((r) => r.label === 'human').length})`,
        ...disagreements.map((d) => `  differs: ${d}`),
      ].join('\n'),
    );
    expect(decidedShare).toBeGreaterThanOrEqual(0.8);
    expect(agreement).toBeGreaterThanOrEqual(0.95);
    expect(approvedDenials.map((r) => r.row.id)).toEqual([]);
  });

  it('quotes what every decision rests on', () => {
    for (const r of decided) {
      expect(r.verdict.evidence.length, r.row.id).toBeGreaterThan(0);
      for (const e of r.verdict.evidence) {
        if (e.at !== null) expect(r.row.transcript, r.row.id).toContain(`[${e.at}]`);
        else if (r.row.transcript && r.row.reason !== 'out_of_state' && !e.quote.startsWith('Call length'))
          expect(r.row.transcript, r.row.id).toContain(e.quote);
      }
    }
  });
});
