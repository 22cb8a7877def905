// The held-out dispute corpora (issue 33 point 5): scenarios written from the labelling guide alone
// (api/src/test/fixtures/disputes/heldout-src/GUIDE.md) by sessions that never read the rules, their tests or the
// tuned corpus, each with its README beside it in api/src/test/fixtures/disputes/. One table drives them all:
// adding a corpus is one row. Targets (issue 33): at least 80% of the calls labelled approve or deny decided by the
// rules, at least 95% of rule decisions agreeing with the label, no call labelled deny approved.
//
// A SPENT corpus has been measured once and then used to tune the rules (round three, decision 242, spent the first
// two): it prints its figures and the lines the rules get wrong, and keeps the agreement and no-deny-approval
// assertions. A corpus not spent is the measure: it prints its figures only (not the lines, which would make it
// tuning material) and asserts all three targets. The decided share is asserted as a plain `it` when met; when a
// target is known to fail, `shareFails` holds the figures and the assertion is marked `it.fails`, so the branch
// stays green and a change that meets it shows here. A row whose file is missing is skipped.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classifyRow, corpusFile, describeFigures, figuresOf, firstOfEachScenario, readCorpus } from '../../../test/fixtures/disputes/corpus-figures.ts';

interface HeldOutCorpus {
  /** The corpus's file in api/src/test/fixtures/disputes/ (JSON Lines in the guide's format). */
  file: string;
  idPattern: RegExp;
  scenarioPattern: RegExp;
  /** How the figures name it. */
  label: string;
  /** Measured once and since used to tune the rules. */
  spent: boolean;
  /** The figures, when the decided-share target is known to fail (the assertion is then marked as failing). */
  shareFails?: string;
  /** The figures, when the agreement target is known to fail (the assertion is then marked as failing). */
  agreementFails?: string;
  /** The figures, when a call labelled deny is known to be approved (the assertion is then marked as failing). */
  denyApprovalsFail?: string;
}

const HELD_OUT: HeldOutCorpus[] = [
  // Spent in round three (decision 242). Measured once before it: 82/114 (71.9%) decided, 81/90 (90.0%) agreeing,
  // 1 approval of a call labelled deny (h087); after it: 99/114 (86.8%), 99/102 (97.1%), none.
  { file: 'heldout.jsonl', idPattern: /^h\d+$/, scenarioPattern: /^hs\d+$/, label: 'first held-out corpus', spent: true },
  // Spent in round three (decision 242). Measured once before it: 72/112 (64.3%) decided, 72/74 (97.3%) agreeing, none
  // approved of those labelled deny; after it: 100/112 (89.3%), 100/101 (99.0%), none.
  { file: 'heldout2.jsonl', idPattern: /^j\d+$/, scenarioPattern: /^js\d+$/, label: 'second held-out corpus', spent: true },
  // Spent in round four (decision 243). The measure of round three (written from the guide alone, committed before
  // the rules ran on it), run once on 2026-11-29 on the frozen rules of round three (c4d6bf8): 96/126 (76.2%)
  // decided, 95/102 (93.1%) agreeing, no approval of a call labelled deny (four of calls labelled human); after
  // round four: 112/126 (88.9%), 112/112 (100%), none, and none of a call labelled human.
  {
    file: 'heldout3.jsonl',
    idPattern: /^k\d+$/,
    scenarioPattern: /^ks\d+$/,
    label: 'third held-out corpus',
    spent: true,
  },
  // Spent in round five (decision 263). The measure of round four (decision 243): written from the guide alone by
  // another session while the rules were tuned, committed after they were frozen (b6cb1b6) and before they ran on
  // it, then run once on 2026-11-29: 104/125 (83.2%) decided (target met), 103/109 (94.5%) agreeing (failed), ONE
  // call labelled deny approved (failed), and four calls labelled human approved; after round five: 113/125 (90.4%),
  // 113/113 (100%), none, and none of a call labelled human.
  {
    file: 'heldout4.jsonl',
    idPattern: /^m\d+$/,
    scenarioPattern: /^ms\d+$/,
    label: 'fourth held-out corpus',
    spent: true,
  },
  // The fifth, the measure of round five (decision 263): written from the guide alone by another session while the
  // rules were tuned, committed after they were frozen (d58044f) and before they ran on it (e3d5d7f), then run once
  // on 2026-11-29: 103/122 (84.4%) decided, 103/107 (96.3%) agreeing, no call labelled deny approved: all three
  // targets met. The four disagreements are calls labelled human: three approved, one denied.
  {
    file: 'heldout5.jsonl',
    idPattern: /^n\d+$/,
    scenarioPattern: /^ns\d+$/,
    label: 'fifth held-out corpus',
    spent: false,
  },
];

const REASONS = ['wrong_number', 'hung_up_before_questions', 'not_qualified', 'out_of_state'];

for (const corpus of HELD_OUT) {
  const file = corpusFile(corpus.file);
  const present = fs.existsSync(file);

  describe.skipIf(!present)(`dispute rules against the ${corpus.label} (${corpus.file}${corpus.spent ? ', spent' : ''})`, () => {
    const rows = present ? readCorpus(file) : [];
    const results = rows.map(classifyRow);
    const lines = figuresOf(results);
    const scenarios = figuresOf(firstOfEachScenario(results));

    it('holds at least 120 scenarios in the guide format, with the platform record on each line', () => {
      expect(new Set(rows.map((r) => r.scenario)).size).toBeGreaterThanOrEqual(120);
      for (const r of rows) {
        expect(r.id, JSON.stringify(r).slice(0, 80)).toMatch(corpus.idPattern);
        expect(r.scenario, r.id).toMatch(corpus.scenarioPattern);
        expect(REASONS, r.id).toContain(r.reason);
        expect(['approve', 'deny', 'human'], r.id).toContain(r.label);
        expect([60, 120], r.id).toContain(r.bufferSeconds);
        expect(['caller', 'agent', 'platform', null], r.id).toContain(r.endedBy);
      }
    });

    it(`prints its figures per line and per scenario${corpus.spent ? ', and the lines the rules get wrong' : ''}`, () => {
      const byReason = REASONS.map((reason) => {
        const f = figuresOf(results.filter((r) => r.row.reason === reason));
        return `  ${reason}: decided ${f.decidedOfLabelled}/${f.labelledDecidable}, agreeing ${f.agree}/${f.decided}, deny approvals ${f.approvedDenials.length}`;
      });
      const report = [
        describeFigures(`${corpus.label}, lines`, lines),
        describeFigures(`${corpus.label}, scenarios (first line of each)`, scenarios),
        ...byReason,
      ];
      // Only a spent corpus shows its lines: the measure's are not for reading while tuning.
      const shown = corpus.spent ? report.concat(lines.differs.map((d) => `  differs: ${d}`)) : report.map((l) => l.replace(/ \(([a-z]+\d+(, )?)+\)$/, ''));
      console.log(shown.join('\n'));
      expect(lines.lines).toBe(rows.length);
    });

    (corpus.denyApprovalsFail ? it.fails : it)(
      `approves no call labelled deny${corpus.denyApprovalsFail ? ` (fails: ${corpus.denyApprovalsFail})` : ''}`,
      () => {
        if (corpus.spent) expect(lines.approvedDenials).toEqual([]);
        else expect(lines.approvedDenials.length).toBe(0);
      },
    );

    (corpus.agreementFails ? it.fails : it)(
      `agrees with the label on at least 95% of its decisions${corpus.agreementFails ? ` (fails: ${corpus.agreementFails})` : ''}`,
      () => {
        expect(lines.agreement).toBeGreaterThanOrEqual(0.95);
      },
    );

    (corpus.shareFails ? it.fails : it)(
      `decides at least 80% of the calls labelled approve or deny${corpus.shareFails ? ` (fails: ${corpus.shareFails})` : ''}`,
      () => {
        expect(lines.decidedShare).toBeGreaterThanOrEqual(0.8);
      },
    );
  });
}
