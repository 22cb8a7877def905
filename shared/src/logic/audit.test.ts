import { describe, expect, it } from 'vitest';
import { describeAudit } from './audit.ts';

describe('describeAudit', () => {
  it("reads an agent's ask for a human review of a rule's denial", () => {
    const e = {
      action: 'dispute.review_requested',
      entity: 'dispute',
      entityId: 7,
      subject: 'Eve Dence',
      before: { status: 'denied' },
      after: { status: 'pending' },
    };
    expect(describeAudit(e)).toBe('Asked for a human review of dispute #7 of Eve Dence');
  });
});
