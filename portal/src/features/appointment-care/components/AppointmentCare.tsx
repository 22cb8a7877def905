// On a purchased appointment: "Add to calendar" (.ics) and "Report no-show" (within 24 hours of the
// appointment time; every report waits for an admin, issue 27 L4). In the
// My Appointments header: the agent's secret calendar feed URL (shown once, replaceable, revocable).
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatUsd } from '@tm/shared';
import { api, ApiError } from '@tm/shared/api-client';
import { NO_SHOW_WINDOW_MS, appointmentStart, type NoShowView } from '@tm/shared/schemas/appointment-care';
import './appointment-care.css';

const noShowsKey = ['/api/appointments/no-shows'] as const;
const useNoShows = () =>
  useQuery({ queryKey: noShowsKey, queryFn: async () => (await api.getJson<{ items: NoShowView[] }>('/api/appointments/no-shows'))!.items });
const message = (err: unknown) => (err instanceof ApiError ? err.serverMessage : 'Something went wrong');

const STATUS_TEXT: Record<NoShowView['status'], string> = {
  credited: 'No-show credited',
  pending: 'No-show report under review',
  approved: 'No-show approved and credited',
  denied: 'No-show report denied',
};

type Appt = {
  id: number;
  customerName: string;
  extractedAppointmentDateTime: string | null;
  extractedAppointmentDate: string | null;
  extractedAppointmentTime: string | null;
};

export function AppointmentCare({ appointment }: { appointment: Appt }) {
  const qc = useQueryClient();
  const noShows = useNoShows();
  const [open, setOpen] = useState(false);
  const [seconds, setSeconds] = useState('');
  const [recordingUrl, setRecordingUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = useMutation({
    mutationFn: (body: object) => api.requestJson<NoShowView>('POST', `/api/appointments/${appointment.id}/no-show`, body),
    onSuccess: () => {
      setOpen(false);
      void qc.invalidateQueries({ queryKey: noShowsKey });
    },
    onError: (err) => setError(message(err)),
  });
  const start = appointmentStart(appointment);
  const existing = noShows.data?.find((n) => n.appointmentId === appointment.id);
  const now = Date.now();
  const canReport = !existing && start !== null && now >= start.getTime() && now <= start.getTime() + NO_SHOW_WINDOW_MS;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const n = Number(seconds);
    if (seconds.trim() === '' || !Number.isInteger(n) || n < 0) return setError('Enter how many seconds your call lasted');
    report.mutate({ callDurationSeconds: n, recordingUrl: recordingUrl.trim() || null });
  };
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
      {existing && (
        <p className={`apc-status apc-${existing.status}`} role="status">
          {STATUS_TEXT[existing.status]}
          {existing.creditCents > 0 ? `: ${formatUsd(existing.creditCents, { cents: true })}` : ''}
          {existing.decisionReason ? ` (${existing.decisionReason})` : ''}
        </p>
      )}
      {open && (
        <form className="apc-form" onSubmit={submit} aria-label={`Report a no-show for ${appointment.customerName}`}>
          <p className="muted small">
            Tell us about your call at the appointment time. An admin reviews every report with the recordings and credits the appointment when nobody answered.
          </p>
          <label className="field">
            Your call lasted (seconds)
            <input inputMode="numeric" value={seconds} onChange={(e) => setSeconds(e.target.value)} required />
          </label>
          <label className="field">
            Recording URL (optional)
            <input type="url" value={recordingUrl} onChange={(e) => setRecordingUrl(e.target.value)} placeholder="https://" />
          </label>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          <div className="apc-actions">
            <button type="submit" className="btn btn-sm" disabled={report.isPending}>
              Send report
            </button>
            <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </form>
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
