// @vitest-environment jsdom
// The admin's dispute card (issue 33 point 6): what the rules read (the rule, the evidence it reads, why it stopped
// short, its quotes), the platform's word on who ended the call, and the agent's own account apart from the evidence.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { AdminDisputeView } from '@tm/shared/schemas/transfers';
import { DisputeCard } from './DisputeCard.tsx';
import { renderScreen } from '../../../test/render.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const dispute: AdminDisputeView = {
  id: 41,
  status: 'pending',
  reasonCode: 'hung_up_before_questions',
  reasonLabel: 'Hung up before questions',
  reasonText: 'She hung up right away, I swear.',
  decisionReason: null,
  createdAt: '2026-11-20T15:04:00.000Z',
  decidedAt: null,
  decidedBy: null,
  evidence: [],
  reviewRequestedAt: null,
  reading: {
    rule: 'hung_up_before_questions',
    reads: ['platform_record', 'delivery_record', 'caller_words'],
    decision: 'human',
    summary: 'The call lasted 181 seconds, more than 120 s past its 60 s buffer.',
    evidence: [{ quote: 'Call length: 181 seconds (buffer 60 s); ended by the caller.', at: null }],
  },
  agentAccount: { reasonLabel: 'Hung up before questions', reasonText: 'She hung up right away, I swear.' },
  agent: { id: 5, name: 'Dana Agent', email: 'dana@example.com' },
  call: {
    id: 9,
    callId: 'call-9',
    callerName: 'Pat Caller',
    callerPhone: '(305) 555-0101',
    state: 'FL',
    startedAt: '2026-11-20T14:00:00.000Z',
    durationSeconds: 181,
    bufferSeconds: 60,
    chargeCents: 4000,
    orderId: 3,
    status: 'billed',
    endedBy: 'caller',
  },
  attachments: { recordingUrl: null, transcript: 'Caller: Who is this?' },
  decider: null,
};

describe('DisputeCard', () => {
  it('shows what the rule read and why it stopped short, and the agent account apart', () => {
    renderScreen(<DisputeCard d={dispute} />);
    const reading = screen.getByTestId('dispute-reading');
    expect(reading.textContent).toContain('Hung up before questions rule');
    expect(reading.textContent).toContain("reads the calling platform's record of the call, what the product recorded at delivery, the caller's own words.");
    expect(within(reading).getByTestId('dispute-reading-summary').textContent).toBe(
      'The rules stopped short, for an admin: The call lasted 181 seconds, more than 120 s past its 60 s buffer.',
    );
    expect(reading.textContent).toContain('ended by the caller');
    expect(reading.textContent).not.toContain('I swear');
    const account = screen.getByTestId('dispute-agent-account');
    expect(account.textContent).toContain("The agent's account (not evidence)");
    expect(account.textContent).toContain('She hung up right away, I swear.');
    expect(screen.getByText('The caller')).toBeTruthy();
  });
});
