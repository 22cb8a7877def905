// Admin > Appointments > Details: what the voice AI recorded (transcript, recording, callback time,
// source) and the tools to correct it: edit, withdraw from sale (a junk call) or put back, assign free to
// an agent or take a free assignment back. Every change is in the audit log.
import { useState } from 'react';
import { ApiError } from '@tm/shared/api-client';
import { APPOINTMENT_STATUS_LABELS, assignAppointmentSchema, updateAppointmentSchema, withdrawAppointmentSchema } from '@tm/shared/schemas/admin';
import { Field, Form, FormAlert, Input, Select, Textarea } from '../../../components/ui/form/index.ts';
import { useAdminAppointment, useAppointmentAction, type AppointmentAction } from '../api/appointment-tools.ts';
import { useSearchUsers } from '../api/search-users.ts';
import { SidePanel, formatDate, formatPhone, useDebouncedValue } from './ui.tsx';
import './admin-audit.css';

const COULD_NOT_SAVE = 'Could not save.';
const editSchema = updateAppointmentSchema.pick({ callbackTime: true, notes: true });

function Tools({ id }: { id: number }) {
  const { data: a, isPending, isError } = useAdminAppointment(id);
  const action = useAppointmentAction(id);
  const [error, setError] = useState<string | null>(null);
  const [agentSearch, setAgentSearch] = useState('');
  const agentQ = useDebouncedValue(agentSearch.trim(), 250);
  const agents = useSearchUsers(agentQ, 1, { enabled: agentQ.length >= 2, pageSize: 10, active: true });
  if (isPending) return <p className="muted">Loading...</p>;
  if (isError || !a) return <p className="form-error">Could not load the appointment.</p>;
  // The buttons outside a form (put back, take back); the forms show their own refusals.
  const run = (act: AppointmentAction) => {
    setError(null);
    action.mutate(act, { onError: (e) => setError(e instanceof ApiError ? e.serverMessage : COULD_NOT_SAVE) });
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

      <Form
        schema={editSchema}
        defaultValues={{ callbackTime: a.callbackTime ?? '', notes: a.notes ?? '' }}
        fallbackError={COULD_NOT_SAVE}
        onSubmit={(v) => action.mutateAsync({ kind: 'edit', values: { callbackTime: v.callbackTime ?? null, notes: v.notes ?? null } })}
      >
        <Field id="ap-time" name="callbackTime" label="Callback time">
          <Input id="ap-time" name="callbackTime" />
        </Field>
        <Field id="ap-notes" name="notes" label="Notes">
          <Textarea id="ap-notes" name="notes" rows={3} />
        </Field>
        <button type="submit" className="btn btn-outline btn-sm" disabled={action.isPending}>
          Save changes
        </button>
        <FormAlert as="div" />
      </Form>

      {a.status === 'available' && (
        <Form
          schema={withdrawAppointmentSchema}
          defaultValues={{ reason: '' }}
          fallbackError={COULD_NOT_SAVE}
          onSubmit={async (v, form) => {
            await action.mutateAsync({ kind: 'withdraw', reason: v.reason });
            form.reset();
          }}
        >
          {({ watch }) => (
            <>
              <Field id="ap-reason" name="reason" label="Reason for withdrawing">
                <Input id="ap-reason" name="reason" placeholder="e.g. Junk call" />
              </Field>
              <button type="submit" className="btn btn-sm" disabled={action.isPending || !watch('reason').trim()}>
                Withdraw from sale
              </button>
              <FormAlert as="div" />
            </>
          )}
        </Form>
      )}
      {a.status === 'withdrawn' && (
        <button type="button" className="btn btn-outline btn-sm" disabled={action.isPending} onClick={() => run({ kind: 'restore' })}>
          Put back on sale
        </button>
      )}
      {!a.orderId && a.status !== 'reserved' && (
        <Form
          schema={assignAppointmentSchema}
          defaultValues={{ agentId: '' }}
          fallbackError={COULD_NOT_SAVE}
          onSubmit={(v) => action.mutateAsync({ kind: 'assign', agentId: v.agentId })}
        >
          {({ watch }) => (
            <>
              <div className="field">
                <label htmlFor="ap-agent-search">{a.agent ? 'Reassign to another agent' : 'Assign free to an agent'}</label>
                <input
                  id="ap-agent-search"
                  type="search"
                  placeholder="Search agents by e-mail..."
                  value={agentSearch}
                  onChange={(e) => setAgentSearch(e.target.value)}
                />
              </div>
              <Field id="ap-agent" name="agentId" label="Agent">
                <Select id="ap-agent" name="agentId">
                  <option value="">Choose an agent</option>
                  {(agents.data?.items ?? []).map((u) => (
                    <option key={u.id} value={u.id}>
                      {u.firstName} {u.lastName} ({u.email})
                    </option>
                  ))}
                </Select>
              </Field>
              <button type="submit" className="btn btn-outline btn-sm" disabled={action.isPending || !watch('agentId')}>
                Assign
              </button>
              {a.agent && (
                <button type="button" className="btn btn-outline btn-sm" disabled={action.isPending} onClick={() => run({ kind: 'unassign' })}>
                  Take back and put on sale
                </button>
              )}
              <FormAlert as="div" />
            </>
          )}
        </Form>
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
