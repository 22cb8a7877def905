// A lead's consent and resale at a glance on the for-sale list (issue 19): which consent record it
// carries, and how many times it was sold before (or that it is exclusive).
import type { LeadForSale } from '@tm/shared/schemas/leads';

const CONSENT_LABEL = { trustedform: 'TrustedForm', jornaya: 'Jornaya', recorded: 'Consent recorded' } as const;

export function LeadComplianceBadges({ lead }: { lead: Pick<LeadForSale, 'consent' | 'timesSoldBefore' | 'exclusive'> }) {
  return (
    <span className="lead-compliance" data-testid="lead-compliance">
      {lead.consent ? (
        <span className="dash-badge dash-badge-success">{CONSENT_LABEL[lead.consent]}</span>
      ) : (
        <span className="dash-badge dash-badge-neutral">No consent record</span>
      )}{' '}
      {lead.exclusive ? (
        <span className="dash-badge dash-badge-info">Exclusive</span>
      ) : lead.timesSoldBefore > 0 ? (
        <span className="dash-badge dash-badge-warning">
          sold {lead.timesSoldBefore} {lead.timesSoldBefore === 1 ? 'time' : 'times'} before
        </span>
      ) : (
        <span className="dash-badge dash-badge-neutral">never sold</span>
      )}
    </span>
  );
}
