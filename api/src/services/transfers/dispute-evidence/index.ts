// Dispute classifiers, chosen by configuration (DISPUTE_CLASSIFIER): 'rules' (the default) or 'none' (every
// dispute waits for an admin). A model-based classifier would be one more entry behind the same interface.
import { rulesClassifier } from './rules.ts';
import type { DisputeClassifier } from './types.ts';

export type DisputeClassifierName = 'rules' | 'none';
export const DISPUTE_CLASSIFIERS = ['rules', 'none'] as const;

const noClassifier: DisputeClassifier = {
  name: 'none',
  classify: async () => ({ decision: 'human', summary: 'Disputes are decided by an admin.', evidence: [] }),
};

export function disputeClassifier(name: DisputeClassifierName): DisputeClassifier {
  return name === 'none' ? noClassifier : rulesClassifier;
}

export type { DisputeClassifier, DisputeDecision, DisputeEvidenceInput, DisputeVerdict, EvidenceQuote } from './types.ts';
