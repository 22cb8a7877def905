// The second held-out dispute corpus (issue 33 point 5, round two, decision 214): scenarios written from the
// labelling guide alone by another session that never read rules.ts, its tests or the tuned corpus, merged only
// after the last rule change of round two, and never used to tune them
// (api/src/test/fixtures/disputes/heldout2.jsonl, its README beside it). Same targets and figures as the first
// held-out corpus (heldout.test.ts): at least 80% of the calls labelled approve or deny decided by the rules, at
// least 95% of rule decisions agreeing with the label, no call labelled deny approved.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classifyRow, corpusFile, describeFigures, figuresOf, firstOfEachScenario, readCorpus } from '../../../test/fixtures/disputes/corpus-figures.ts';

const file = corpusFile('heldout2.jsonl');
const present = fs.existsSync(file);

describe.skipIf(!present)('dispute rules against the second held-out corpus', () => {
  const corpus = present ? readCorpus(file) : [];
  const results = corpus.map(classifyRow);
  const lines = figuresOf(results);
  const scenarios = figuresOf(firstOfEachScenario(results));

  it('holds its scenarios in the guide format, with the platform record on each line', () => {
    expect(new Set(corpus.map((r) => r.scenario)).size).toBeGreaterThanOrEqual(120);
    for (const r of corpus) {
      expect(r.id, JSON.stringify(r).slice(0, 80)).toMatch(/^j\d+$/);
      expect(r.scenario, r.id).toMatch(/^js\d+$/);
      expect(['wrong_number', 'hung_up_before_questions', 'not_qualified', 'out_of_state'], r.id).toContain(r.reason);
      expect(['approve', 'deny', 'human'], r.id).toContain(r.label);
      expect([60, 120], r.id).toContain(r.bufferSeconds);
      expect(['caller', 'agent', 'platform', null], r.id).toContain(r.endedBy);
    }
  });

  it('prints its figures per line and per scenario', () => {
    console.log(
      [
        describeFigures('second held-out corpus, lines', lines),
        describeFigures('second held-out corpus, scenarios (first line of each)', scenarios),
        ...lines.differs.map((d) => `  differs: ${d}`),
      ].join('\n'),
    );
    expect(lines.lines).toBe(corpus.length);
  });

  it('approves no call labelled deny', () => {
    expect(lines.approvedDenials).toEqual([]);
  });

  // Measured once, after the merge, on the rules of round two (decision 214; no rule changed after it): 148 lines, 148
  // scenarios (one line each); approve/deny-labelled lines decided 72/112 (64.3%): this target FAILS; rule decisions
  // agreeing 72/74 (97.3%) and no approval of a call labelled deny: those two hold. Figures per scenario are the
  // same. The assertion stays, marked as failing, so the branch stays green and a change that meets it shows here.
  it.fails('decides at least 80% of the calls labelled approve or deny (fails: 72/112, 64.3%)', () => {
    expect(lines.decidedShare).toBeGreaterThanOrEqual(0.8);
  });

  it('agrees with the label on at least 95% of its decisions', () => {
    expect(lines.agreement).toBeGreaterThanOrEqual(0.95);
  });
});
