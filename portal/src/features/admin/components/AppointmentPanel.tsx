// Admin > Appointments > Details: what the voice AI recorded (transcript, recording, callback time,
// source) and the tools to correct it: edit, withdraw from sale (a junk call) or put back, assign free to
// an agent or take a free assignment back. Every change is in the audit log.
import { useState, type FormEvent } from 'react';
import { ApiError } from '@tm/shared/api-client';
import { APPOINTMENT_STATUS_LABELS } from '@tm/shared/schemas/admin';
import { useAdminAppointment, useAppointmentAction, type AppointmentAction } from '../api/appointment-tools.ts';
import { useSearchUsers } from '../api/search-users.ts';
import { Field, SidePanel, formatDate, formatPhone, useDebouncedValue } from './ui.tsx';
import './admin-audit.css';

function Tools({ id }: { id: number }) {
  const { data: a, isPending, isError } = useAdminAppointment(id);
  const action = useAppointmentAction(id);
  const [error, setError] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [callbackTime, setCallbackTime] = useState<string | null>(null);
  const [notes, setNotes] = useState<string | null>(null);
  const [agentSearch, setAgentSearch] = useState('');
  const agentQ = useDebouncedValue(agentSearch.trim(), 250);
  const agents = useSearchUsers(agentQ, 1, { enabled: agentQ.length >= 2, pageSize: 10, active: true });
  const [agentId, setAgentId] = useState('');
  if (isPending) return <p className="muted">Loading...</p>;
  if (isError || !a) return <p className="form-error">Could not load the appointment.</p>;
  const run = (act: AppointmentAction, after?: () => void) => {
    setError(null);
    action.mutate(act, { onSuccess: after, onError: (e) => setError(e instanceof ApiError ? e.serverMessage : 'Could not save.') });
  };
  const save = (ev: FormEvent) => {
    ev.preventDefault();
    run({ kind: 'edit', values: { callbackTime: callbackTime ?? a.callbackTime, notes: notes ?? a.notes } });
  };
  return (
    <div className="adm-appt-tools">
      <dl className="adm-dl">
        <dt>Status</dt>
        <dd data-testid="appointment-status">{APPOINTMENT_STATUS_LABELS[a.status] ?? a.status}</dd>
        <dt>Customer</dt>
        <dd>
          {a.customerName} · {formatPhone(a.customerPhone ?? '')}
          {a.customerEmail ? ` · ${a.customerEmail}` : ''}
          {a.customerState ? ` · ${a.customerState}` : ''}
        </dd>
        <dt>Source</dt>
        <dd>{a.source === 'admin' ? 'Entered by an admin' : a.source === 'webhook' ? 'Voice-AI webhook' : (a.source ?? 'Unknown')}</dd>
        <dt>Received</dt>
        <dd>{formatDate(a.createdAt)}</dd>
        {a.agent && (
          <>
            <dt>Agent</dt>
            <dd>
              {a.agent.name} ({a.agent.email}){a.orderId ? ` · bought in order #${a.orderId}` : ' · assigned free'}
            </dd>
          </>
        )}
        <dt>Recording</dt>
        <dd>
          {a.recordingUrl ? (
            <a href={a.recordingUrl} target="_blank" rel="noreferrer noopener">
              Listen
            </a>
          ) : (
            'None'
          )}
        </dd>
      </dl>
      <h3>Transcript</h3>
      <pre className="adm-transcript">{a.transcript || 'No transcript.'}</pre>

      <form onSubmit={save}>
        <Field id="ap-time" label="Callback time">
          <input id="ap-time" value={callbackTime ?? a.callbackTime ?? ''} onChange={(e) => setCallbackTime(e.target.value)} />
        </Field>
        <Field id="ap-notes" label="Notes">
          <textarea id="ap-notes" rows={3} value={notes ?? a.notes ?? ''} onChange={(e) => setNotes(e.target.value)} />
        </Field>
        <button type="submit" className="btn btn-outline btn-sm" disabled={action.isPending}>
          Save changes
        </button>
      </form>

      {a.status === 'available' && (
        <form
          onSubmit={(ev) => {
            ev.preventDefault();
            run({ kind: 'withdraw', reason }, () => setReason(''));
          }}
        >
          <Field id="ap-reason" label="Reason for withdrawing">
            <input id="ap-reason" value={reason} onChange={(e) => setReason(e.target.value)} placeholder="e.g. Junk call" />
          </Field>
          <button type="submit" className="btn btn-sm" disabled={action.isPending || !reason.trim()}>
            Withdraw from sale
          </button>
        </form>
      )}
      {a.status === 'withdrawn' && (
        <button type="button" className="btn btn-outline btn-sm" disabled={action.isPending} onClick={() => run({ kind: 'restore' })}>
          Put back on sale
        </button>
      )}
      {!a.orderId && a.status !== 'reserved' && (
        <form
          onSubmit={(ev) => {
            ev.preventDefault();
            if (agentId) run({ kind: 'assign', agentId: Number(agentId) });
          }}
        >
          <Field id="ap-agent-search" label={a.agent ? 'Reassign to another agent' : 'Assign free to an agent'}>
            <input
              id="ap-agent-search"
              type="search"
              placeholder="Search agents by e-mail..."
              value={agentSearch}
              onChange={(e) => setAgentSearch(e.target.value)}
            />
          </Field>
          <Field id="ap-agent" label="Agent">
            <select id="ap-agent" value={agentId} onChange={(e) => setAgentId(e.target.value)}>
              <option value="">Choose an agent</option>
              {(agents.data?.items ?? []).map((u) => (
                <option key={u.id} value={u.id}>
                  {u.firstName} {u.lastName} ({u.email})
                </option>
              ))}
            </select>
          </Field>
          <button type="submit" className="btn btn-outline btn-sm" disabled={action.isPending || !agentId}>
            Assign
          </button>
          {a.agent && (
            <button type="button" className="btn btn-outline btn-sm" disabled={action.isPending} onClick={() => run({ kind: 'unassign' })}>
              Take back and put on sale
            </button>
          )}
        </form>
      )}
      {error && (
        <div role="alert" className="form-error">
          {error}
        </div>
      )}
    </div>
  );
}

export function AppointmentPanel({ id, onClose }: { id: number | null; onClose: () => void }) {
  return (
    <SidePanel open={id !== null} title="Appointment details" onClose={onClose}>
      {id !== null && <Tools key={id} id={id} />}
      <button type="button" className="btn btn-outline" onClick={onClose}>
        Close
      </button>
    </SidePanel>
  );
}
