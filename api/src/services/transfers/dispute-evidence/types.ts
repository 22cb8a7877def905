// The one interface of dispute classifiers (issue 29 item 1): given what a dispute is about and the call's
// evidence, decide it (approve, deny) or leave it to an admin (human), quoting what the decision rests on.
// Rules only for now (rules.ts); a model-based classifier can be added behind the same interface and chosen
// by DISPUTE_CLASSIFIER.
import type { DisputeReasonCode } from '@tm/shared/schemas/transfers';

export type DisputeDecision = 'approve' | 'deny' | 'human';

/** A transcript line or a piece of the call's data; `at` is the line's [mm:ss] stamp, or null. */
export interface EvidenceQuote {
  quote: string;
  at: string | null;
}

export interface DisputeEvidenceInput {
  reason: DisputeReasonCode;
  transcript: string | null;
  durationSeconds: number;
  /** The call's state (two letters). */
  state: string;
  /** The agent's working states at the time of the call; empty means every state. */
  workingStates: string[];
}

export interface DisputeVerdict {
  decision: DisputeDecision;
  /** One sentence saying why, kept as the dispute's decision reason when the classifier decides it. */
  summary: string;
  evidence: EvidenceQuote[];
}

export interface DisputeClassifier {
  readonly name: string;
  classify(input: DisputeEvidenceInput): Promise<DisputeVerdict>;
}
