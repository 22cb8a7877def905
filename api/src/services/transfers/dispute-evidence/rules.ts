// The rules classifier: plain rules over the transcript's phrases, its speakers' turns and the call's
// timing and data. Where the evidence does not settle a dispute, or points both ways, it answers 'human'
// and an admin decides. Each decision quotes the lines or the data it rests on.
//
// An approval rests only on evidence the agent who gains the credit cannot shape (issue 33,
// docs/product/rules.md#evidence-no-one-can-shape): the caller's own words, the calling platform's record of the
// call (who ended it, its length, its state) and what the product recorded at delivery (working states, buffer).
// What the agent says or leaves unsaid, and the reason the agent picked, may send a dispute to an admin or
// deny it, never approve it. RULE_READS names the evidence each rule reads; rules.test.ts shows, rule by rule,
// that the agent's side alone cannot trip it.
import { read } from './caller-statements.ts';
import { hungUp } from './hung-up.ts';
import { notQualified } from './not-qualified.ts';
import { outOfState } from './out-of-state.ts';
import { labelsInDoubt } from './transcript.ts';
import type { DisputeClassifier, DisputeEvidenceInput, DisputeVerdict, EvidenceSource } from './types.ts';
import { wrongNumber } from './wrong-number.ts';

export { AGE_RANGE } from './ages.ts';
export { GENUINE_ANSWERS } from './caller-statements.ts';
export { HANG_UP_WINDOW_SECONDS } from './hung-up.ts';

/** The evidence each rule reads (never the agent's words, silence or chosen reason, for an approval). */
export const RULE_READS: Record<DisputeEvidenceInput['reason'], EvidenceSource[]> = {
  out_of_state: ['platform_record', 'delivery_record', 'caller_words'],
  wrong_number: ['caller_words'],
  hung_up_before_questions: ['platform_record', 'delivery_record', 'caller_words'],
  not_qualified: ['caller_words'],
  other: [],
};
function byReason(input: DisputeEvidenceInput): DisputeVerdict {
  const doubt = labelsInDoubt(input.transcript);
  switch (input.reason) {
    case 'out_of_state':
      return outOfState(input);
    case 'wrong_number':
      return wrongNumber(input, read(input.transcript), doubt);
    case 'hung_up_before_questions':
      return hungUp(input, read(input.transcript), doubt);
    case 'not_qualified':
      return notQualified(input, read(input.transcript), doubt);
    default:
      return { decision: 'human', summary: 'Disputes for other reasons are decided by an admin.', evidence: [] };
  }
}
export function classifyByRules(input: DisputeEvidenceInput): DisputeVerdict {
  return { ...byReason(input), rule: input.reason, reads: RULE_READS[input.reason] };
}
export const rulesClassifier: DisputeClassifier = {
  name: 'rules',
  classify: async (input) => classifyByRules(input),
};
