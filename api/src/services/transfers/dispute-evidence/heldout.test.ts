// The held-out dispute corpus (issue 33 point 5): scenarios written from the labelling guide alone by someone who
// never read rules.ts, its tests or the tuned corpus, labelled and committed before the rules ran on them, and
// never used to tune them (api/src/test/fixtures/disputes/heldout.jsonl, with its own README beside it). Targets: at least
// 80% of the calls labelled approve or deny decided by the rules, at least 95% of rule decisions agreeing with
// the label, no call labelled deny approved. Figures per line and per scenario are printed.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classifyRow, corpusFile, describeFigures, figuresOf, firstOfEachScenario, readCorpus } from '../../../test/fixtures/disputes/corpus-figures.ts';

const file = corpusFile('heldout.jsonl');
const present = fs.existsSync(file);

describe.skipIf(!present)('dispute rules against the held-out corpus', () => {
  const corpus = present ? readCorpus(file) : [];
  const results = corpus.map(classifyRow);
  const lines = figuresOf(results);
  const scenarios = figuresOf(firstOfEachScenario(results));

  it('holds at least 120 scenarios in the guide format, with the platform record on each line', () => {
    expect(new Set(corpus.map((r) => r.scenario)).size).toBeGreaterThanOrEqual(120);
    for (const r of corpus) {
      expect(r.id, JSON.stringify(r).slice(0, 80)).toMatch(/^h\d+$/);
      expect(r.scenario, r.id).toMatch(/^hs\d+$/);
      expect(['wrong_number', 'hung_up_before_questions', 'not_qualified', 'out_of_state'], r.id).toContain(r.reason);
      expect(['approve', 'deny', 'human'], r.id).toContain(r.label);
      expect([60, 120], r.id).toContain(r.bufferSeconds);
      expect(['caller', 'agent', 'platform', null], r.id).toContain(r.endedBy);
    }
  });

  it('prints its figures per line and per scenario', () => {
    console.log(
      [
        describeFigures('held-out corpus, lines', lines),
        describeFigures('held-out corpus, scenarios (first line of each)', scenarios),
        ...lines.differs.map((d) => `  differs: ${d}`),
      ].join('\n'),
    );
    expect(lines.lines).toBe(corpus.length);
  });

  it('approves no call labelled deny', () => {
    expect(lines.approvedDenials).toEqual([]);
  });

  it('decides at least 80% of the calls labelled approve or deny, and agrees with at least 95% of its decisions', () => {
    expect(lines.decidedShare).toBeGreaterThanOrEqual(0.8);
    expect(lines.agreement).toBeGreaterThanOrEqual(0.95);
  });
});
