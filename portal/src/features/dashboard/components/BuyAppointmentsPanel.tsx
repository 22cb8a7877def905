// Buy Appointments: AI call records for sale with previews, filters and a sort (applied by the server:
// state, call dates, verified only, lead quality), a cart ($10 each, at the price each was listed), and
// checkout through the one item checkout (decision 259). On a recorded purchase: confetti, a toast, the
// cart and the payment secret cleared and the three appointment lists refreshed.
import { useState } from 'react';
import { ApiError } from '@tm/shared/api-client';
import { APPOINTMENT_PRICE_CENTS, formatUsd } from '@tm/shared';
import type { AppointmentForSale } from '@tm/shared/schemas/dashboard';
import { AUDIO_PREVIEW_SECONDS, transcriptLastLines } from '@tm/shared/logic/transcript';
import { DEFAULT_TIME_ZONE, formatDateTime, formatMaybeDateTime, formatDuration, zoneLabel } from '@tm/shared/logic/format';
import { useTimeZone } from '../../../lib/time-zone.ts';
import { useToast } from '../../../components/toast.tsx';
import { useAvailableAppointments } from '../api/available-appointments.ts';
import { AppointmentFiltersForm } from './AppointmentFiltersForm.tsx';
import { EMPTY_APPOINTMENT_FILTERS, type AppointmentFilters } from '@tm/shared/schemas/appointments';
import { useItemCheckout } from '../hooks/use-item-checkout.ts';
import { AudioPlayer } from './AudioPlayer.tsx';
import { CheckoutModal } from './CheckoutModal.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { KeysetPagination } from '../../../components/KeysetPagination.tsx';
import type { ListPlace } from '@tm/shared/schemas/paging';
import { Badge, EmptyState, ErrorNote, Spinner, StatusDot } from './ui.tsx';
import { Icon } from '../../../components/layout/Icon.tsx';
import { panelHref } from '../../../components/layout/panels.ts';

const PRICE = formatUsd(APPOINTMENT_PRICE_CENTS);

/**
 * "Jan 17, 2026, 3:00 PM EST" from the extracted date-time on the agent's clock, or the date and time
 * as extracted (text the voice AI heard, in Eastern time).
 */
export function appointmentWhen(
  a: { extractedAppointmentDateTime: string | null; appointmentDate: string | null; extractedAppointmentTime: string | null },
  tz: string = DEFAULT_TIME_ZONE,
): string {
  const iso = formatMaybeDateTime(a.extractedAppointmentDateTime, tz);
  if (iso) return iso;
  const parts = [a.appointmentDate, a.extractedAppointmentTime].filter(Boolean).join(' ');
  // The voice AI's own words (a day and a time it heard): said on Eastern time.
  return parts ? `${parts} ET` : 'Not set';
}

function AppointmentForSaleCard({ a, inCart, onToggle }: { a: AppointmentForSale; inCart: boolean; onToggle: () => void }) {
  const tz = useTimeZone();
  // The price the server listed it at for this agent.
  const price = formatUsd(a.priceCents);
  const lines = transcriptLastLines(a.transcriptPreview);
  const titleId = `appt-${a.id}-title`;
  return (
    <article className={`card dash-appt${inCart ? ' is-in-cart' : ''}`} aria-labelledby={titleId} data-testid="appointment-card" data-appointment-id={a.id}>
      <header className="dash-appt-head">
        <div>
          <h3 id={titleId}>{a.customerName}</h3>
          <div className="dash-badges">
            <StatusDot status={a.callStatus} />
            {a.verified && (
              <Badge tone="success">
                <Icon name="check" size={12} /> Verified
              </Badge>
            )}
            {a.leadQuality && (
              <Badge tone="info" cap>
                {a.leadQuality}
              </Badge>
            )}
            {a.followUpRequired && <Badge tone="warning">Follow-up</Badge>}
          </div>
        </div>
        <div className="dash-price">{price}</div>
      </header>
      <dl className="dash-meta">
        <div>
          <dt>Phone</dt>
          <dd>{a.customerPhone || '—'}</dd>
        </div>
        <div>
          <dt>State</dt>
          <dd>{a.customerState ?? '—'}</dd>
        </div>
        <div>
          <dt>Called</dt>
          <dd>{formatDateTime(a.callDate ?? a.createdAt, tz) || '—'}</dd>
        </div>
        <div>
          <dt>Appointment</dt>
          <dd>{appointmentWhen(a, tz)}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{formatDuration(a.callDuration) || '—'}</dd>
        </div>
        {a.extractionConfidence !== null && (
          <div>
            <dt>Confidence</dt>
            <dd>{Math.round(a.extractionConfidence * 100)}%</dd>
          </div>
        )}
      </dl>
      <div className="dash-appt-section">
        <h4>
          Recording preview <span className="muted small">(last {AUDIO_PREVIEW_SECONDS} seconds)</span>
        </h4>
        {!a.recordingUrl && a.hasRecording ? (
          <p className="muted small" data-testid="preview-after-purchase">
            Preview available after purchase
          </p>
        ) : (
          <AudioPlayer src={a.recordingUrl} preview label={`Recording preview for ${a.customerName}`} />
        )}
      </div>
      {lines.length > 0 && (
        <div className="dash-appt-section">
          <h4>Transcript preview</h4>
          <div className="dash-transcript" tabIndex={0} aria-label={`Transcript preview for ${a.customerName}`}>
            {lines.map((l, i) => (
              <p key={i}>{l}</p>
            ))}
          </div>
        </div>
      )}
      {a.notes && (
        <p className="small">
          <strong>Notes:</strong> {a.notes}
        </p>
      )}
      <footer className="dash-appt-foot">
        <button
          type="button"
          className={`btn ${inCart ? 'btn-outline' : ''}`}
          onClick={onToggle}
          aria-pressed={inCart}
          aria-label={inCart ? `Remove ${a.customerName} from cart` : `Buy - ${price}: ${a.customerName}`}
        >
          {inCart ? 'Remove' : `Buy - ${price}`}
        </button>
      </footer>
    </article>
  );
}

export function BuyAppointmentsPanel() {
  const tz = useTimeZone();
  const toast = useToast();
  const [place, setPlace] = useState<ListPlace>({ page: 1 });
  const page = place.page;
  const setPage = (p: number) => setPlace({ page: p });
  const [filters, setFilters] = useState<AppointmentFilters>(EMPTY_APPOINTMENT_FILTERS);
  const checkout = useItemCheckout('appointment');
  const cart = checkout.cart;
  const list = useAvailableAppointments(place, filters);
  const filtered = filters !== EMPTY_APPOINTMENT_FILTERS;

  function toggle(a: AppointmentForSale) {
    if (cart.has(a.id)) {
      cart.remove(a.id);
      toast({ title: 'Removed from Cart', description: `${a.customerName} was removed from your cart.` });
    } else {
      cart.add(a);
      toast({ title: 'Added to Cart', description: `${a.customerName} added. Cart total: ${formatUsd(cart.totalCents + a.priceCents)}` });
    }
  }

  const items = list.data?.items ?? [];
  return (
    <section aria-labelledby="buy-appointments-title" className="dash-section">
      <div className="dash-section-head">
        <div>
          <h2 id="buy-appointments-title">Buy Appointments</h2>
          <p className="muted">
            Appointments set by our AI caller, with the recording and transcript. {PRICE} each. Times are shown in{' '}
            <span data-testid="times-zone">{zoneLabel(tz)}</span>.
          </p>
        </div>
      </div>

      <div className="card dash-cart-bar" aria-live="polite">
        <div>
          <Icon name="cart" size={18} className="dash-inline-icon" />
          Cart: <strong data-testid="cart-count">{cart.count}</strong> {cart.count === 1 ? 'appointment' : 'appointments'}
          <span className="dash-sep" aria-hidden="true">
            ·
          </span>
          Total <strong data-testid="cart-total">{formatUsd(cart.totalCents)}</strong>
        </div>
        <div className="dash-actions">
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => {
              cart.clear();
              toast({ title: 'Cart Cleared', description: 'All appointments were removed from your cart.' });
            }}
            disabled={cart.count === 0}
          >
            Clear Cart
          </button>
          <button type="button" className="btn" onClick={() => void checkout.start()} disabled={checkout.starting}>
            {checkout.starting ? 'Starting checkout...' : 'Checkout'}
          </button>
        </div>
      </div>

      <AppointmentFiltersForm
        value={filters}
        onApply={(f) => {
          setFilters(f);
          setPage(1);
        }}
      />
      {list.data && (
        <p className="muted small" role="status" data-testid="appointments-found">
          {list.data.total} {list.data.total === 1 ? 'appointment' : 'appointments'}{' '}
          {filtered ? (list.data.total === 1 ? 'matches your filters' : 'match your filters') : 'for sale'}
        </p>
      )}

      {list.isPending ? (
        <Spinner label="Loading appointments..." />
      ) : list.isError ? (
        <ErrorNote message={list.error instanceof ApiError ? list.error.serverMessage : 'Failed to load appointments'} onRetry={() => void list.refetch()} />
      ) : items.length === 0 && filtered ? (
        <p className="muted" role="status">
          No appointments match your filters.
        </p>
      ) : items.length === 0 ? (
        <EmptyState title="No Appointments Yet" icon="calendar">
          <p className="muted">New AI-set appointments appear here as soon as calls complete.</p>
        </EmptyState>
      ) : (
        <div className="dash-appt-grid">
          {items.map((a) => (
            <AppointmentForSaleCard key={a.id} a={a} inCart={cart.has(a.id)} onToggle={() => toggle(a)} />
          ))}
        </div>
      )}
      {list.data &&
        (list.data.nextCursor !== undefined ? (
          // Newest or oldest first: by the server's cursors (decision 236).
          <KeysetPagination
            place={{ page }}
            data={list.data}
            onPlace={(p) => setPlace({ page: p.page ?? 1, after: p.after, before: p.before })}
            label="Appointment pages"
          />
        ) : (
          <Pagination page={page} total={list.data.total} pageSize={list.data.pageSize} onPage={setPage} label="Appointment pages" />
        ))}

      <CheckoutModal checkout={checkout} returnPath={panelHref('my-appointments')} />
    </section>
  );
}
