// The dispute corpus (api/src/test/fixtures/disputes/corpus.jsonl, labelled before the rules were written):
// the rules must decide at least 80% of its lines labelled approve or deny (hang-ups without the platform's record
// aside since issue 33: no such hang-up is approved), agree with the label on at least 95% of what they decide, and never approve a call
// labelled deny. It holds at least 200 distinct scenarios (hand-written conversations;
// a scenario's copies differ only in names, states and speaker styles). The figures are printed.
import { describe, expect, it } from 'vitest';
import {
  classifyRow,
  corpusFile,
  describeFigures,
  figuresOf,
  firstOfEachScenario,
  readCorpus,
  type CorpusRow,
} from '../../../test/fixtures/disputes/corpus-figures.ts';

const corpus: CorpusRow[] = readCorpus(corpusFile('corpus.jsonl'));

describe('dispute rules against the labelled corpus', () => {
  const results = corpus.map(classifyRow);
  const decided = results.filter((r) => r.verdict.decision !== 'human');
  const agree = decided.filter((r) => r.verdict.decision === r.row.label);
  const approvedDenials = decided.filter((r) => r.verdict.decision === 'approve' && r.row.label === 'deny');
  // Issue 33: a hang-up is approved only on the platform's record of who ended the call, which the tuned corpus's
  // first 216 scenarios do not carry (they were written before it). Those hang-up lines are therefore never
  // approved (asserted below), and the decided share is measured, as before, on the lines whose evidence they hold:
  // every line but a hang-up without the platform's record (the third round's hang-ups carry it). The figures on
  // every line are printed beside it.
  const readable = results.filter((r) => r.row.reason !== 'hung_up_before_questions' || r.row.endedBy !== undefined);
  // Issue 33's target, as on the held-out corpus: the share of the lines labelled approve or deny that the rules
  // decide (round two, decision 214: the share of every line counted the lines labelled human, which a rule that
  // leaves them to an admin, as it should, could only lose).
  const readableLabelled = readable.filter((r) => r.row.label !== 'human');
  const decidedShare = readableLabelled.filter((r) => r.verdict.decision !== 'human').length / readableLabelled.length;
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

  it('decides at least 80% of the lines labelled approve or deny (hang-ups without the record aside), agrees on at least 95% of its decisions, and approves no call labelled deny', () => {
    const disagreements = results
      .filter((r) => r.verdict.decision !== r.row.label)
      .map((r) => `${r.row.id} ${r.row.reason}: label ${r.row.label}, rules ${r.verdict.decision} (${r.verdict.summary})`);
    console.log(
      [
        `dispute corpus: ${corpus.length} transcripts`,
        `decided by the rules: ${decided.length} (${((decided.length / corpus.length) * 100).toFixed(1)}% of every line)`,
        `decided, hang-ups without endedBy aside: ${readable.filter((r) => r.verdict.decision !== 'human').length}/${readable.length} (${((readable.filter((r) => r.verdict.decision !== 'human').length / readable.length) * 100).toFixed(1)}%)`,
        `decided of those labelled approve or deny (the target): ${readableLabelled.filter((r) => r.verdict.decision !== 'human').length}/${readableLabelled.length} (${(decidedShare * 100).toFixed(1)}%)`,
        describeFigures('every line, labelled approve or deny only', figuresOf(results)),
        describeFigures('per scenario (first line of each)', figuresOf(firstOfEachScenario(results))),
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

  it('approves no hang-up without the platform saying the caller ended the call', () => {
    const hangUps = results.filter((r) => r.row.reason === 'hung_up_before_questions' && r.row.endedBy === undefined);
    expect(hangUps.length).toBeGreaterThan(50);
    expect(hangUps.filter((r) => r.verdict.decision === 'approve').map((r) => r.row.id)).toEqual([]);
    // Given the platform's word and the buffer, the hang-ups labelled approve that left before the questions are
    // approved again (the rule still reads their turns), and none labelled deny is.
    const withRecord = hangUps.map((r) =>
      classifyRow({ ...r.row, endedBy: 'caller', bufferSeconds: 60, durationSeconds: Math.min(r.row.durationSeconds, 180) }),
    );
    expect(withRecord.filter((r) => r.verdict.decision === 'approve' && r.row.label === 'deny').map((r) => r.row.id)).toEqual([]);
    expect(withRecord.filter((r) => r.verdict.decision === 'approve').length).toBeGreaterThan(0);
    // The third round's hang-ups carry the record; only those the caller ended are approved.
    const recorded = results.filter((r) => r.row.reason === 'hung_up_before_questions' && r.row.endedBy !== undefined);
    expect(recorded.length).toBeGreaterThanOrEqual(20);
    expect(recorded.filter((r) => r.verdict.decision === 'approve' && r.row.endedBy !== 'caller').map((r) => r.row.id)).toEqual([]);
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
