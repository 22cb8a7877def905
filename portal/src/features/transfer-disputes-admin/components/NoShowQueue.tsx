// Admin: appointment no-show reports the rules did not credit (the platform's record of attempts after the
// appointment time does not show a no-show, decision 198 and issue 33), each with the evidence the rules checked
// and, apart from it, the agent's own account (the attempts the agent typed, the call length and note reported).
// Approve credits the appointment's price; deny needs a reason the agent sees. An admin's own report
// is refused by the server (another admin decides it).
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@tm/shared/api-client';
import { formatDateTime } from '@tm/shared/logic/format';
import { CALL_ATTEMPT_OUTCOME_LABELS, appointmentStart, type NoShowView } from '@tm/shared/schemas/appointment-care';
import '../../../components/appointment-care.css';

type QueueItem = NoShowView & { agentEmail: string; customerName: string | null; appointmentTime: string | null; aiRecordingUrl: string | null };
const key = ['/api/admin/no-shows', 'pending'] as const;

function Row({ item }: { item: QueueItem }) {
  const qc = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const when = appointmentStart({ extractedAppointmentDateTime: item.appointmentTime });
  const decide = useMutation({
    mutationFn: (d: 'approve' | 'deny') => api.requestJson('POST', `/api/admin/no-shows/${item.id}/${d}`, { reason }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['/api/admin/no-shows'] }),
    onError: (err) => setError(err instanceof ApiError ? err.serverMessage : 'Could not save'),
  });
  return (
    <tr data-testid="no-show-row">
      <td>{item.agentEmail}</td>
      <td>
        {item.customerName ?? '—'}
        <div className="muted small">{when ? formatDateTime(when) : (item.appointmentTime ?? '')}</div>
      </td>
      <td data-testid="no-show-agent-account">
        Reported call: {item.callDurationSeconds} s <span className="muted small">(buffer {item.bufferSeconds} s)</span>
        {item.note && <div className="small">“{item.note}”</div>}
        {item.evidence?.typed && item.evidence.typed.length > 0 && (
          <ol className="apc-attempts" aria-label="Attempts the agent typed">
            {item.evidence.typed.map((a, i) => (
              <li key={`${a.at}-${i}`} className="muted small">
                {formatDateTime(a.at)}: {CALL_ATTEMPT_OUTCOME_LABELS[a.outcome]}, {a.durationSeconds} s (typed by the agent)
              </li>
            ))}
          </ol>
        )}
        {item.recordingUrl && (
          <a href={item.recordingUrl} target="_blank" rel="noreferrer">
            Agent's recording
          </a>
        )}
      </td>
      <td data-testid="no-show-evidence">
        {item.evidence && (
          <ul className="apc-attempts">
            {item.evidence.findings.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        )}
        {item.evidence && item.evidence.attempts.length > 0 && (
          <ol className="apc-attempts">
            {item.evidence.attempts.map((a, i) => (
              <li key={`${a.at}-${i}`} className="muted small">
                {formatDateTime(a.at)}: {CALL_ATTEMPT_OUTCOME_LABELS[a.outcome]}, {a.durationSeconds} s (
                {a.source === 'logged' ? 'logged by the agent' : a.source === 'platform' ? 'platform attempt' : 'platform transfer call'})
              </li>
            ))}
          </ol>
        )}
        {!item.evidence && '—'}
      </td>
      <td>
        <input aria-label={`Reason for report ${item.id}`} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="Reason" />
        <button type="button" className="btn btn-sm" onClick={() => decide.mutate('approve')} disabled={decide.isPending}>
          Approve
        </button>{' '}
        <button type="button" className="btn btn-outline btn-sm" onClick={() => decide.mutate('deny')} disabled={decide.isPending}>
          Deny
        </button>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </td>
    </tr>
  );
}

export function NoShowQueue() {
  const q = useQuery({ queryKey: key, queryFn: async () => (await api.getJson<{ items: QueueItem[] }>('/api/admin/no-shows?status=pending'))!.items });
  return (
    <section aria-label="Appointment no-shows">
      <p className="muted">
        Reports the platform's record of call attempts did not settle (fewer than two unanswered attempts after the appointment time, one answered, or an
        admin's own report). Attempts the agent typed are the agent's account: they decide nothing. Approving credits the appointment's price.
      </p>
      {q.data && q.data.length === 0 && <div className="card">No no-show reports waiting.</div>}
      {q.data && q.data.length > 0 && (
        <div className="card" style={{ overflowX: 'auto', padding: 0 }}>
          <table className="xadm-table apc-queue">
            <thead>
              <tr>
                <th>Agent</th>
                <th>Appointment</th>
                <th>Agent's account</th>
                <th>Platform record and findings</th>
                <th>Decision</th>
              </tr>
            </thead>
            <tbody>
              {q.data.map((i) => (
                <Row key={i.id} item={i} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
