// My Appointments: everything about each purchased appointment (contact, appointment, recording,
// full transcript, extracted info, summary, notes, quality, follow-up), a search (name, e-mail, phone,
// state, by the server) with the CSV export of what it finds, and Delete after a confirmation that it
// cannot be undone.
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '@tm/shared/api-client';
import { formatDateTime, formatMaybeDateTime, formatPhone, formatUsd, telHref, formatDuration, zoneLabel } from '@tm/shared/logic/format';
import { useTimeZone } from '../../../lib/time-zone.ts';
import { ASSIGNED_LABEL, isVerifiedOwned, type PurchasedAppointment } from '@tm/shared/schemas/dashboard';
import { useToast } from '../../../components/toast.tsx';
import { myAppointmentsCsvUrl, useMyAppointments } from '../api/my-appointments.ts';
import { useDeleteAppointment } from '../api/delete-appointment.ts';
import { useReturnedItemPayment } from '../hooks/use-item-checkout.ts';
import { AudioPlayer } from './AudioPlayer.tsx';
import { Badge, ConfirmDialog, EmptyState, StatusDot } from './ui.tsx';
import { appointmentWhen } from './BuyAppointmentsPanel.tsx';
import { panelHref } from '../../../components/layout/panels.ts';
import { Icon } from '../../../components/layout/Icon.tsx';
import { AppointmentCare, CalendarFeed } from './AppointmentCare.tsx';
import { SearchedList, useSearchedPlace } from './SearchedList.tsx';

const humanize = (key: string) =>
  key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .replace(/^./, (c) => c.toUpperCase());

function ExtractedInfo({ info, tz }: { info: PurchasedAppointment['extractedAppointmentInfo']; tz: string }) {
  if (info === null || info === '') return <p className="muted small">No extracted information.</p>;
  if (typeof info === 'string') return <p>{info}</p>;
  return (
    <dl className="dash-meta dash-meta-compact">
      {Object.entries(info).map(([k, v]) => (
        <div key={k}>
          <dt>{humanize(k)}</dt>
          <dd>{typeof v === 'object' && v !== null ? JSON.stringify(v) : typeof v === 'string' ? formatMaybeDateTime(v, tz) || '—' : String(v ?? '—')}</dd>
        </div>
      ))}
    </dl>
  );
}

function PurchasedCard({ a, onDelete }: { a: PurchasedAppointment; onDelete: () => void }) {
  const tz = useTimeZone();
  const titleId = `mine-${a.id}-title`;
  return (
    <article className="card dash-appt" aria-labelledby={titleId} data-testid="my-appointment-card" data-appointment-id={a.id}>
      <header className="dash-appt-head">
        <div>
          <h3 id={titleId}>{a.customerName}</h3>
          <div className="dash-badges">
            <StatusDot status={a.callStatus} />
            {isVerifiedOwned(a.extractionConfidence) && (
              <Badge tone="success">
                <Icon name="check" size={12} /> Verified
              </Badge>
            )}
            {a.leadQuality && (
              <Badge tone="info" cap>
                Quality: {a.leadQuality}
              </Badge>
            )}
            {a.followUpRequired && <Badge tone="warning">Follow-up Required</Badge>}
            {a.assigned && <Badge tone="neutral">{ASSIGNED_LABEL}</Badge>}
          </div>
        </div>
        <div className="dash-appt-actions">
          <a
            className="btn btn-outline btn-sm"
            href={`/api/compliance/appointment/${a.id}`}
            target="_blank"
            rel="noreferrer"
            aria-label={`Compliance file of the appointment with ${a.customerName}`}
          >
            Compliance file
          </a>
          <button type="button" className="btn btn-danger btn-sm" onClick={onDelete} aria-label={`Delete appointment with ${a.customerName}`}>
            Delete
          </button>
        </div>
      </header>
      <div className="dash-two-col">
        <div>
          <h4>Contact</h4>
          <dl className="dash-meta dash-meta-compact">
            <div>
              <dt>Phone</dt>
              <dd>{a.customerPhone ? <a href={telHref(a.customerPhone)}>{formatPhone(a.customerPhone)}</a> : '—'}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>{a.customerEmail ? <a href={`mailto:${a.customerEmail}`}>{a.customerEmail}</a> : '—'}</dd>
            </div>
            <div>
              <dt>State</dt>
              <dd>{a.customerState ?? '—'}</dd>
            </div>
          </dl>
        </div>
        <div>
          <h4>Appointment</h4>
          <dl className="dash-meta dash-meta-compact">
            <div>
              <dt>When</dt>
              <dd>{appointmentWhen(a, tz)}</dd>
            </div>
            <div>
              <dt>{a.assigned ? 'Assigned' : 'Purchased'}</dt>
              <dd>{formatDateTime(a.purchasedAt, tz) || '—'}</dd>
            </div>
            <div>
              <dt>Called</dt>
              <dd>{formatDateTime(a.callDate, tz) || '—'}</dd>
            </div>
            <div>
              <dt>Duration</dt>
              <dd>{formatDuration(a.callDuration) || '—'}</dd>
            </div>
            <div>
              <dt>Confidence</dt>
              <dd>{a.extractionConfidence === null ? '—' : `${a.extractionConfidence}%`}</dd>
            </div>
            <div>
              <dt>Price</dt>
              <dd data-testid="my-appointment-price">{a.assigned ? ASSIGNED_LABEL : formatUsd(a.priceCents, { cents: true })}</dd>
            </div>
          </dl>
          <AppointmentCare appointment={a} timeZone={tz} />
        </div>
      </div>
      <div className="dash-appt-section">
        <h4>Recording</h4>
        <AudioPlayer src={a.recordingUrl} label={`Recording of the call with ${a.customerName}`} />
      </div>
      {a.summary && (
        <div className="dash-appt-section">
          <h4>Summary</h4>
          <p>{a.summary}</p>
        </div>
      )}
      <div className="dash-appt-section">
        <h4>Extracted Info</h4>
        <ExtractedInfo info={a.extractedAppointmentInfo} tz={tz} />
      </div>
      {a.notes && (
        <div className="dash-appt-section">
          <h4>Notes</h4>
          <p>{a.notes}</p>
        </div>
      )}
      <details className="dash-appt-section">
        <summary>Full transcript</summary>
        <div className="dash-transcript dash-transcript-full" tabIndex={0}>
          {(a.transcript ?? 'No transcript available.').split(/\r?\n/).map((l, i) => (
            <p key={i}>{l}</p>
          ))}
        </div>
      </details>
    </article>
  );
}

export function MyAppointmentsPanel() {
  const tz = useTimeZone();
  const toast = useToast();
  const searched = useSearchedPlace();
  const [pending, setPending] = useState<PurchasedAppointment | null>(null);
  const list = useMyAppointments(searched.place, searched.search);
  const del = useDeleteAppointment();

  // Back from a payment that needed a redirect (the cart's return address is this panel).
  useReturnedItemPayment('appointment');

  async function confirmDelete() {
    if (!pending) return;
    try {
      await del.mutateAsync(pending.id);
      toast({ title: 'Appointment Deleted', description: `The appointment with ${pending.customerName} was removed.` });
      // The page emptied: the page before the deleted one (its place is still read by its id).
      if (list.data && list.data.items.length === 1 && list.data.page > 1) searched.setPlace({ page: list.data.page - 1, before: String(pending.id) });
    } catch (err) {
      toast({ title: 'Delete Failed', description: err instanceof ApiError ? err.serverMessage : 'Failed to delete appointment', variant: 'destructive' });
    } finally {
      setPending(null);
    }
  }

  return (
    <section aria-labelledby="my-appointments-title" className="dash-section">
      <div className="dash-section-head">
        <div>
          <h2 id="my-appointments-title">My Appointments</h2>
          <p className="muted">
            Appointments you purchased, with full contact details, recordings and transcripts. Times are shown in{' '}
            <span data-testid="times-zone">{zoneLabel(tz)}</span>.
          </p>
          <CalendarFeed />
        </div>
      </div>
      <SearchedList
        {...searched}
        noun="appointments"
        placeholder="Name, e-mail, phone or state"
        csvUrl={myAppointmentsCsvUrl}
        pagesLabel="My appointment pages"
        list={list}
        empty={
          <EmptyState title="No appointments purchased yet" icon="calendar">
            <p className="muted">Appointments you buy show up here with the full recording and transcript.</p>
            <Link className="btn" to={panelHref('buy-appointments')}>
              Browse Appointments
            </Link>
          </EmptyState>
        }
      >
        {(items) => (
          <div className="dash-appt-list">
            {items.map((a) => (
              <PurchasedCard key={a.id} a={a} onDelete={() => setPending(a)} />
            ))}
          </div>
        )}
      </SearchedList>
      <ConfirmDialog
        open={pending !== null}
        title="Delete Appointment"
        message={`Are you sure you want to delete the appointment with ${pending?.customerName ?? 'this customer'}? This action cannot be undone.`}
        confirmLabel="Delete"
        busy={del.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}
