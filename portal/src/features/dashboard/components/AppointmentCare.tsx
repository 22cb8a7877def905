// On a purchased appointment: "Add to calendar" (.ics), the agent's call attempts ("Log a call attempt",
// and the calls the caller system recorded to the consumer's phone) and "Report no-show" (within 24 hours
// of the appointment time): credited at once only when the attempts show nobody answered, otherwise an
// admin decides (issue 29 item 2, decision 198); the decision shows with the evidence it used. In the
// My Appointments header: the agent's secret calendar feed URL (shown once, replaceable, revocable).
import { useState } from 'react';
import { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatUsd } from '@tm/shared';
import { api } from '@tm/shared/api-client';
import { formatDateTime } from '@tm/shared/logic/format';
import {
  CALL_ATTEMPT_OUTCOMES,
  CALL_ATTEMPT_OUTCOME_LABELS,
  NO_SHOW_CONNECTED_SECONDS,
  NO_SHOW_MIN_ATTEMPTS,
  NO_SHOW_MIN_SPREAD_MINUTES,
  NO_SHOW_WINDOW_MS,
  appointmentStart,
  type CallAttemptView,
  type NoShowView,
} from '@tm/shared/schemas/appointment-care';
import { FieldError, Form, FormAlert, Input, Select } from '../../../components/ui/form/index.ts';
import '../../../components/appointment-care.css';

const noShowsKey = ['/api/appointments/no-shows'] as const;
const useNoShows = () =>
  useQuery({ queryKey: noShowsKey, queryFn: async () => (await api.getJson<{ items: NoShowView[] }>('/api/appointments/no-shows'))!.items });
const SOMETHING_WRONG = 'Something went wrong';

const STATUS_TEXT: Record<NoShowView['status'], string> = {
  credited: 'No-show credited',
  pending: 'No-show report under review',
  approved: 'No-show approved and credited',
  denied: 'No-show report denied',
};

const RULE_TEXT = `A report is credited at once when the calling platform recorded at least ${NO_SHOW_MIN_ATTEMPTS} call attempts after the appointment time, ${NO_SHOW_MIN_SPREAD_MINUTES} minutes apart or more, unanswered (none over ${NO_SHOW_CONNECTED_SECONDS} s). Attempts you log here are shown to the admin as your account; they do not credit a report by themselves. Otherwise an admin reviews it with the recordings.`;
const SOURCE_LABEL: Record<CallAttemptView['source'], string> = {
  logged: 'logged by you',
  platform: 'calling platform',
  call_system: 'platform transfer call',
};

function AttemptList({ attempts, timeZone }: { attempts: CallAttemptView[]; timeZone?: string }) {
  return (
    <ol className="apc-attempts">
      {attempts.map((a, i) => (
        <li key={`${a.at}-${i}`}>
          {formatDateTime(a.at, timeZone)}: {CALL_ATTEMPT_OUTCOME_LABELS[a.outcome]}, {a.durationSeconds} s{' '}
          <span className="muted small">({SOURCE_LABEL[a.source]})</span>
        </li>
      ))}
    </ol>
  );
}

/** The decision on a report and the evidence the rules used. */
function Decision({ report, timeZone }: { report: NoShowView; timeZone?: string }) {
  const ev = report.evidence;
  return (
    <div className="apc-decision" data-testid="no-show-decision">
      <p className={`apc-status apc-${report.status}`} role="status">
        {STATUS_TEXT[report.status]}
        {report.creditCents > 0 ? `: ${formatUsd(report.creditCents, { cents: true })}` : ''}
        {report.decidedBy === 'admin' && report.decisionReason ? ` (${report.decisionReason})` : ''}
      </p>
      {report.decidedBy === 'rules' && <p className="muted small">Decided automatically from the calling platform's record of your call attempts.</p>}
      {ev && (
        <details className="apc-evidence" open={report.status !== 'denied'}>
          <summary>Evidence checked</summary>
          <ul>
            {ev.findings.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
          {ev.attempts.length > 0 && (
            <>
              <p className="muted small">Attempts after the appointment time ({formatDateTime(ev.callbackTime, timeZone)}):</p>
              <AttemptList attempts={ev.attempts} timeZone={timeZone} />
            </>
          )}
        </details>
      )}
    </div>
  );
}

/** Whole seconds, 0 or more, typed in a text box; `message` when it is not. */
const secondsField = (message: string) =>
  z
    .string()
    .refine((v) => v.trim() !== '' && Number.isInteger(Number(v)) && Number(v) >= 0, message)
    .transform(Number);
const attemptFormSchema = z.object({ outcome: z.enum(CALL_ATTEMPT_OUTCOMES), durationSeconds: secondsField('Enter how many seconds the call lasted') });
const noShowFormSchema = z.object({
  callDurationSeconds: secondsField('Enter how many seconds your call lasted'),
  recordingUrl: z.string().transform((v) => v.trim() || null),
});

/** The end of the attempt and no-show forms: the refusal, if any, then the submit and Cancel buttons. */
function FormEnd({ pending, submitLabel, onCancel }: { pending: boolean; submitLabel: string; onCancel: () => void }) {
  return (
    <>
      <FormAlert className="field-error" />
      <div className="apc-actions">
        <button type="submit" className="btn btn-sm" disabled={pending}>
          {submitLabel}
        </button>
        <button type="button" className="btn btn-outline btn-sm" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </>
  );
}

/** The agent's call attempts on this appointment, and a form to log one now. */
function CallAttempts({ appointmentId, timeZone }: { appointmentId: number; timeZone?: string }) {
  const qc = useQueryClient();
  const key = ['/api/appointments', appointmentId, 'attempts'] as const;
  const attempts = useQuery({
    queryKey: key,
    queryFn: async () => (await api.getJson<{ items: CallAttemptView[] }>(`/api/appointments/${appointmentId}/attempts`))!.items,
  });
  const [open, setOpen] = useState(false);
  const log = useMutation({
    mutationFn: (body: object) => api.requestJson<CallAttemptView>('POST', `/api/appointments/${appointmentId}/attempts`, body),
    onSuccess: () => {
      setOpen(false);
      void qc.invalidateQueries({ queryKey: key });
    },
  });
  const items = attempts.data ?? [];
  return (
    <div className="apc-attempts-box" data-testid="call-attempts">
      <p className="apc-label">Call attempts</p>
      {items.length === 0 ? <p className="muted small">No call attempts yet.</p> : <AttemptList attempts={items} timeZone={timeZone} />}
      {!open && (
        <div className="apc-actions">
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen(true)}>
            Log a call attempt
          </button>
        </div>
      )}
      {open && (
        <Form
          className="apc-form"
          aria-label="Log a call attempt"
          schema={attemptFormSchema}
          defaultValues={{ outcome: 'no_answer', durationSeconds: '0' }}
          fallbackError={SOMETHING_WRONG}
          onSubmit={(body) => log.mutateAsync(body)}
        >
          <p className="muted small">Log each call right after you make it: it is recorded with the time now.</p>
          <label className="field">
            Outcome
            <Select name="outcome" id={`apc-outcome-${appointmentId}`}>
              {CALL_ATTEMPT_OUTCOMES.map((o) => (
                <option key={o} value={o}>
                  {CALL_ATTEMPT_OUTCOME_LABELS[o]}
                </option>
              ))}
            </Select>
          </label>
          <label className="field">
            The call lasted (seconds)
            <Input name="durationSeconds" id={`apc-attempt-seconds-${appointmentId}`} inputMode="numeric" />
          </label>
          <FieldError name="durationSeconds" />
          <FormEnd pending={log.isPending} submitLabel="Save attempt" onCancel={() => setOpen(false)} />
        </Form>
      )}
    </div>
  );
}

type Appt = {
  id: number;
  customerName: string;
  extractedAppointmentDateTime: string | null;
  extractedAppointmentDate: string | null;
  extractedAppointmentTime: string | null;
};

export function AppointmentCare({ appointment, timeZone }: { appointment: Appt; timeZone?: string }) {
  const qc = useQueryClient();
  const noShows = useNoShows();
  const [open, setOpen] = useState(false);
  const report = useMutation({
    mutationFn: (body: object) => api.requestJson<NoShowView>('POST', `/api/appointments/${appointment.id}/no-show`, body),
    onSuccess: () => {
      setOpen(false);
      void qc.invalidateQueries({ queryKey: noShowsKey });
    },
  });
  const start = appointmentStart(appointment);
  const existing = noShows.data?.find((n) => n.appointmentId === appointment.id);
  const now = Date.now();
  const canReport = !existing && start !== null && now >= start.getTime() && now <= start.getTime() + NO_SHOW_WINDOW_MS;
  return (
    <div className="apc" data-testid="appointment-care">
      <div className="apc-actions">
        {start && (
          <a className="btn btn-outline btn-sm" href={`/api/appointments/${appointment.id}/calendar.ics`} download>
            Add to calendar (.ics)
          </a>
        )}
        {canReport && !open && (
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen(true)}>
            Report no-show
          </button>
        )}
      </div>
      {existing && <Decision report={existing} timeZone={timeZone} />}
      {canReport && <CallAttempts appointmentId={appointment.id} timeZone={timeZone} />}
      {open && (
        <Form
          className="apc-form"
          aria-label={`Report a no-show for ${appointment.customerName}`}
          schema={noShowFormSchema}
          defaultValues={{ callDurationSeconds: '', recordingUrl: '' }}
          fallbackError={SOMETHING_WRONG}
          onSubmit={(body) => report.mutateAsync(body)}
        >
          <p className="muted small">Log your call attempts first. {RULE_TEXT}</p>
          <label className="field">
            Your call lasted (seconds)
            <Input name="callDurationSeconds" id={`apc-noshow-seconds-${appointment.id}`} inputMode="numeric" />
          </label>
          <FieldError name="callDurationSeconds" />
          <label className="field">
            Recording URL (optional)
            <Input name="recordingUrl" id={`apc-noshow-url-${appointment.id}`} type="url" placeholder="https://" />
          </label>
          <FieldError name="recordingUrl" />
          <FormEnd pending={report.isPending} submitLabel="Send report" onCancel={() => setOpen(false)} />
        </Form>
      )}
    </div>
  );
}

export function CalendarFeed() {
  const qc = useQueryClient();
  const status = useQuery({
    queryKey: ['/api/calendar-feed'],
    queryFn: async () => (await api.getJson<{ active: boolean; createdAt: string | null }>('/api/calendar-feed'))!,
  });
  const [url, setUrl] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => api.requestJson<{ url: string }>('POST', '/api/calendar-feed'),
    onSuccess: (r) => {
      setUrl(r.url);
      void qc.invalidateQueries({ queryKey: ['/api/calendar-feed'] });
    },
  });
  const revoke = useMutation({
    mutationFn: () => api.requestJson('DELETE', '/api/calendar-feed'),
    onSuccess: () => {
      setUrl(null);
      void qc.invalidateQueries({ queryKey: ['/api/calendar-feed'] });
    },
  });
  return (
    <details className="apc-feed">
      <summary>Calendar feed</summary>
      <p className="muted small">
        Subscribe in Google Calendar, Outlook or Apple Calendar: every appointment you buy appears by itself. Keep the address private.
      </p>
      {url && (
        <p role="status">
          <strong>Copy this address now (it is not shown again):</strong> <code data-testid="feed-url">{url}</code>
        </p>
      )}
      <div className="apc-actions">
        <button type="button" className="btn btn-outline btn-sm" onClick={() => create.mutate()} disabled={create.isPending}>
          {status.data?.active ? 'New feed address' : 'Create feed address'}
        </button>
        {status.data?.active && (
          <button type="button" className="btn btn-outline btn-sm" onClick={() => revoke.mutate()} disabled={revoke.isPending}>
            Turn off feed
          </button>
        )}
      </div>
    </details>
  );
}
