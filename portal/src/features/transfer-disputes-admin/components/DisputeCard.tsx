// One dispute in the admin queue: the call, what the evidence rules read (the rule, the kinds of evidence it
// reads, what it decided or why it stopped short, its quotes), the agent's own account apart from it (issue 33),
// the recording and transcript attached when it was filed,
// and (while pending) Approve, which credits the transfer back, or Deny, which needs a reason.
import { formatDateTime, formatDuration } from '@tm/shared/logic/format';
import { useTimeZone } from '../../../lib/time-zone.ts';
import { useId, useState } from 'react';
import { formatUsd } from '@tm/shared';
import { ApiError } from '@tm/shared/api-client';
import { DISPUTE_REASONS, EVIDENCE_SOURCE_LABELS, type AdminDisputeView } from '@tm/shared/schemas/transfers';
import { useToast } from '../../../components/toast.tsx';
import { useDecideDispute } from '../api/decide-dispute.ts';
import { DisputeQuotes } from '../../../components/DisputeQuotes.tsx';

const STATUS_LABEL = { pending: 'Pending', approved: 'Approved', denied: 'Denied' } as const;
const ENDED_BY_LABEL = { caller: 'The caller', agent: 'The agent', platform: 'The platform (line cut)' } as const;
const ruleLabel = (rule: string) =>
  rule === 'separation_of_duties' ? "An admin's own dispute" : `${DISPUTE_REASONS.find((r) => r.code === rule)?.label ?? rule} rule`;

/** What the rules read at filing: the rule, the evidence it reads, and what it decided or where it stopped short. */
function RuleReading({ d }: { d: AdminDisputeView }) {
  const r = d.reading;
  if (!r) {
    return d.evidence.length > 0 ? (
      <section aria-label="What the evidence rules quoted">
        <h4 className="xadm-sub">What the evidence rules quoted</h4>
        <DisputeQuotes evidence={d.evidence} />
      </section>
    ) : null;
  }
  return (
    <section aria-label="What the rules read" data-testid="dispute-reading">
      <h4 className="xadm-sub">What the rules read</h4>
      <p className="small">
        <strong>{ruleLabel(r.rule)}</strong>
        {r.reads.length > 0 && <> reads {r.reads.map((k) => EVIDENCE_SOURCE_LABELS[k]).join(', ')}.</>}
      </p>
      <p className="small" data-testid="dispute-reading-summary">
        {r.decision === 'human' ? 'The rules stopped short, for an admin: ' : r.decision === 'approve' ? 'The rules approved: ' : 'The rules denied: '}
        {r.summary}
      </p>
      <DisputeQuotes evidence={r.evidence} />
    </section>
  );
}

export function DisputeCard({ d }: { d: AdminDisputeView }) {
  const tz = useTimeZone();
  const when = (iso: string | null) => formatDateTime(iso, tz);
  const id = useId();
  const toast = useToast();
  const mutation = useDecideDispute();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const decide = async (approve: boolean) => {
    setError(null);
    if (!approve && !text.trim()) {
      setError('Please give a reason for the denial');
      return;
    }
    try {
      await mutation.mutateAsync(approve ? { id: d.id, approve: true, note: text.trim() } : { id: d.id, approve: false, reason: text.trim() });
      toast({
        title: approve ? 'Dispute approved' : 'Dispute denied',
        description: approve ? 'The transfer was credited back to the agent.' : 'The agent can see your reason.',
      });
    } catch (err) {
      toast({ title: 'Error', description: err instanceof ApiError ? err.serverMessage : 'Something went wrong. Please try again.', variant: 'destructive' });
    }
  };

  return (
    <article className="card xadm-card" aria-labelledby={`${id}-h`} data-testid={`dispute-${d.id}`}>
      <header className="xadm-card-head">
        <div>
          <h3 id={`${id}-h`}>
            Dispute #{d.id}: {d.reasonLabel}
          </h3>
          <div className="muted small">
            {d.agent.name} ({d.agent.email}) · filed {when(d.createdAt)}
          </div>
        </div>
        <span className={`xadm-status xadm-status-${d.status}`} data-testid="dispute-status">
          {STATUS_LABEL[d.status]}
        </span>
      </header>
      {d.reviewRequestedAt && (
        <p className="small" data-testid="dispute-review-asked">
          The agent asked for a human review of the rules' denial on {when(d.reviewRequestedAt)}.
        </p>
      )}
      <RuleReading d={d} />
      <section aria-label="The agent's account" data-testid="dispute-agent-account">
        <h4 className="xadm-sub">The agent's account (not evidence)</h4>
        <p className="small">
          Reason picked: {d.agentAccount?.reasonLabel ?? d.reasonLabel}
          {d.reasonText ? '' : '. No text.'}
        </p>
        {d.reasonText && <p className="xadm-quote">“{d.reasonText}”</p>}
      </section>
      <dl className="xadm-facts">
        <div>
          <dt>Caller</dt>
          <dd>
            {d.call.callerName}, {d.call.callerPhone}
          </dd>
        </div>
        <div>
          <dt>State</dt>
          <dd>{d.call.state}</dd>
        </div>
        <div>
          <dt>Started</dt>
          <dd>{when(d.call.startedAt)}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>
            {formatDuration(d.call.durationSeconds)} (buffer {d.call.bufferSeconds} s)
          </dd>
        </div>
        <div>
          <dt>Ended by</dt>
          <dd>{d.call.endedBy ? ENDED_BY_LABEL[d.call.endedBy] : 'Not reported by the platform'}</dd>
        </div>
        <div>
          <dt>Charged</dt>
          <dd>
            {formatUsd(d.call.chargeCents, { cents: true })}
            {d.call.orderId ? ` from order #${d.call.orderId}` : ''}
          </dd>
        </div>
        <div>
          <dt>Call ID</dt>
          <dd>{d.call.callId}</dd>
        </div>
      </dl>
      <details className="xadm-evidence">
        <summary>Evidence: recording and transcript</summary>
        {d.attachments.recordingUrl ? (
          <audio controls preload="none" src={d.attachments.recordingUrl} aria-label={`Recording for dispute ${d.id}`} />
        ) : (
          <p className="muted small">No recording.</p>
        )}
        {d.attachments.transcript ? <pre className="xadm-transcript">{d.attachments.transcript}</pre> : <p className="muted small">No transcript.</p>}
      </details>
      {d.status === 'pending' ? (
        <div className="xadm-decide">
          <label htmlFor={`${id}-text`}>Decision reason (required to deny)</label>
          <textarea
            id={`${id}-text`}
            rows={2}
            maxLength={1000}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={!!error}
            aria-describedby={error ? `${id}-err` : undefined}
          />
          {error && (
            <p className="field-error" id={`${id}-err`}>
              {error}
            </p>
          )}
          <div className="xadm-actions">
            <button type="button" className="btn btn-danger" disabled={mutation.isPending} onClick={() => decide(false)}>
              Deny
            </button>
            <button type="button" className="btn" disabled={mutation.isPending} onClick={() => decide(true)}>
              Approve and credit
            </button>
          </div>
        </div>
      ) : (
        <p className="small">
          {STATUS_LABEL[d.status]} by {d.decidedBy === 'rules' ? 'the evidence rules' : (d.decider?.name ?? 'an admin')} on {when(d.decidedAt)}
          {d.decisionReason ? `: ${d.decisionReason}` : ''}
        </p>
      )}
    </article>
  );
}
