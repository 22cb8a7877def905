// Test support for the dispute rules' unit tests: a call's platform record with defaults, and a transcript from
// lines. Each test file picks the defaults of the calls it writes (a short call with no record, or a billed call
// the caller ended).
import type { DisputeReasonCode } from '@tm/shared/schemas/transfers';
import { classifyByRules } from './rules.ts';
import type { CallEndedBy } from './types.ts';

export interface CallRecord {
  durationSeconds?: number;
  state?: string;
  workingStates?: string[];
  endedBy?: CallEndedBy;
  bufferSeconds?: number | null;
  calledAt?: string | null;
}

/** `decide` over calls whose unstated parts of the record are `defaults`: the rules' decision. */
export function ruleTester(defaults: Required<CallRecord>) {
  const decide = (reason: DisputeReasonCode, transcript: string | null, record: CallRecord = {}) =>
    classifyByRules({ reason, transcript, ...defaults, ...record }).decision;
  return { decide };
}

/** A billed call in Florida, worked, that the platform says the caller ended 90 s past a 60 s buffer. */
export const BILLED_CALLER_ENDED: Required<CallRecord> = {
  durationSeconds: 150,
  state: 'FL',
  workingStates: ['FL'],
  endedBy: 'caller',
  bufferSeconds: 60,
  calledAt: null,
};

export const lines = (...l: string[]) => l.join('\n');
