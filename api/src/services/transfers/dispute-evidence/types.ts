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

/**
 * The kinds of evidence a rule may rest an approval on (docs/product/rules.md#evidence-no-one-can-shape): none of
 * them is shaped by the agent who gains the credit. What the agent says, leaves unsaid or types, and the reason
 * the agent picked, may send a dispute to an admin, never approve it.
 */
export type EvidenceSource = 'caller_words' | 'platform_record' | 'delivery_record';

/** Who ended the call, as the calling platform reports it (null: not reported). */
export type { CallEndedBy } from '@tm/shared/schemas/transfers';
import type { CallEndedBy } from '@tm/shared/schemas/transfers';

export interface DisputeEvidenceInput {
  reason: DisputeReasonCode;
  transcript: string | null;
  durationSeconds: number;
  /** The call's state (two letters). */
  state: string;
  /** The agent's working states at the time of the call; empty means every state. */
  workingStates: string[];
  /** Who ended the call, from the calling platform's record; null or absent when it did not say. */
  endedBy?: CallEndedBy;
  /** The call's buffer recorded at delivery (60 or 120 s); absent when unknown. */
  bufferSeconds?: number | null;
  /** When the call was made (ISO 8601), from the platform's record; absent when unknown. A birth year the caller
   * gives is read as an age against it. */
  calledAt?: string | null;
}

export interface DisputeVerdict {
  decision: DisputeDecision;
  /** One sentence saying why, kept as the dispute's decision reason when the classifier decides it. */
  summary: string;
  evidence: EvidenceQuote[];
  /** The rule that read the call (the dispute's reason), and the kinds of evidence it reads. */
  rule?: string;
  reads?: EvidenceSource[];
}

export interface DisputeClassifier {
  readonly name: string;
  classify(input: DisputeEvidenceInput): Promise<DisputeVerdict>;
}
