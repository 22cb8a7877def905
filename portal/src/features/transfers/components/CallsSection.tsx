// My calls: each delivered transfer with its time (on the agent's clock), duration, billing, recording
// and transcript, and its dispute; filters by date, state and billing; CSV export of the same filters.
import { Fragment, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { formatUsd } from '@tm/shared';
import { ApiError } from '@tm/shared/api-client';
import { UsStateSelect } from '../../../components/UsStateSelect.tsx';
import type { TransferCallView } from '@tm/shared/schemas/transfers';
import { exportCsvUrl, useTransfers, type TransferFilters } from '../api/get-transfers.ts';
import { DisputeDialog } from './DisputeDialog.tsx';
import { DecidedBy, DisputeQuotes } from '../../../components/DisputeQuotes.tsx';
import { useToast } from '../../../components/toast.tsx';
import { useRequestReview } from '../api/request-review.ts';
import { formatDateTime as formatInZone, formatPhone, zoneLabel, formatDuration } from '@tm/shared/logic/format';
import { Pagination } from '../../../components/Pagination.tsx';
import { Form, Input, Select } from '../../../components/ui/form/index.ts';

const callFiltersSchema = z.object({ from: z.string(), to: z.string(), state: z.string(), billing: z.string() });
const NO_FILTERS = { from: '', to: '', state: '', billing: '' };

/** The shared state picker, registered on the filter form. */
function StateFilter() {
  const { register } = useFormContext<typeof NO_FILTERS>();
  return <UsStateSelect id="xf-state" emptyLabel="All states" {...register('state')} />;
}

const BILLING_OPTIONS = [
  { value: '', label: 'All calls' },
  { value: 'billed', label: 'Billable' },
  { value: 'no_charge', label: 'No charge' },
  { value: 'credited', label: 'Credited back' },
];

function BillingBadge({ call }: { call: TransferCallView }) {
  if (call.status === 'credited') return <span className="xfer-badge xfer-badge-info">Credited back</span>;
  if (call.status === 'no_charge') return <span className="xfer-badge xfer-badge-muted">{call.billingNote ?? 'No charge'}</span>;
  return (
    <span className="xfer-badge xfer-badge-billed" title={call.billingNote ?? undefined}>
      Billable · {formatUsd(call.chargeCents, { cents: true })}
    </span>
  );
}

/** A rule's denial may go to a human once; the button asks for it. */
function AskReview({ call }: { call: TransferCallView }) {
  const toast = useToast();
  const mutation = useRequestReview();
  const ask = async () => {
    try {
      await mutation.mutateAsync(call.id);
      toast({ title: 'Human review asked', description: 'An admin will look at the recording and transcript and let you know.' });
    } catch (err) {
      toast({ title: 'Error', description: err instanceof ApiError ? err.serverMessage : 'Something went wrong. Please try again.', variant: 'destructive' });
    }
  };
  return (
    <button type="button" className="btn btn-outline xfer-btn-sm xfer-review-btn" disabled={mutation.isPending} onClick={ask}>
      Ask for a human review
    </button>
  );
}

function DisputeCell({ call, timeZone, onDispute }: { call: TransferCallView; timeZone: string; onDispute: () => void }) {
  const d = call.dispute;
  if (d) {
    const label = d.status === 'pending' ? 'Dispute pending' : d.status === 'approved' ? 'Dispute approved' : 'Dispute denied';
    return (
      <div data-testid="dispute-status" className="xfer-dispute">
        <span className={`xfer-badge ${d.status === 'approved' ? 'xfer-badge-ok' : d.status === 'denied' ? 'xfer-badge-bad' : 'xfer-badge-warn'}`}>
          {label}
        </span>
        <DecidedBy d={d} />
        <div className="muted small">
          {d.reasonLabel}
          {d.decisionReason ? `: ${d.decisionReason}` : ''}
        </div>
        <DisputeQuotes evidence={d.evidence} />
        {d.status === 'denied' && d.decidedBy === 'rules' && !d.reviewRequestedAt && <AskReview call={call} />}
      </div>
    );
  }
  if (call.canDispute) {
    return (
      <div>
        <button type="button" className="btn btn-outline xfer-btn-sm" onClick={onDispute}>
          Dispute
        </button>
        <div className="muted small">until {formatInZone(call.disputeDeadline, timeZone)}</div>
      </div>
    );
  }
  if (call.status === 'billed') return <span className="muted small">Dispute window closed</span>;
  return <span className="muted small">—</span>;
}

function Evidence({ call }: { call: TransferCallView }) {
  return (
    <div className="xfer-evidence">
      <div>
        <h3 className="xfer-evidence-h">Recording</h3>
        {call.recordingUrl ? (
          <>
            <audio controls preload="none" src={call.recordingUrl} aria-label={`Recording of the call with ${call.callerName}`} />
            <div>
              <a className="small" href={call.recordingUrl} download>
                Download recording
              </a>
            </div>
          </>
        ) : (
          <p className="muted small">No recording was delivered with this call.</p>
        )}
      </div>
      <div>
        <h3 className="xfer-evidence-h">Transcript</h3>
        {call.transcript ? (
          <pre className="xfer-transcript" data-testid="transcript">
            {call.transcript}
          </pre>
        ) : (
          <p className="muted small">No transcript.</p>
        )}
      </div>
      <p className="muted small">
        Call ID {call.callId} · buffer {call.bufferSeconds} s{call.orderId ? ` · drawn from order #${call.orderId}` : ''}
        {call.source === 'manual' ? ' · entered by our team' : ''}
      </p>
    </div>
  );
}

export function CallsSection() {
  const [filters, setFilters] = useState<TransferFilters>({});
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const [disputing, setDisputing] = useState<TransferCallView | null>(null);
  const { data, isPending, isError, error } = useTransfers(filters, page);
  const timeZone = data?.timeZone ?? 'America/New_York';

  const apply = (draft: TransferFilters) => {
    setFilters(draft);
    setPage(1);
  };

  return (
    <section className="xfer-section" aria-labelledby="xfer-calls-h">
      <div className="xfer-section-head">
        <h2 id="xfer-calls-h">Delivered calls</h2>
        <a className="btn btn-outline" href={exportCsvUrl(filters)} download data-testid="export-csv">
          Export CSV
        </a>
      </div>
      <Form schema={callFiltersSchema} defaultValues={NO_FILTERS} onSubmit={apply} className="card xfer-filters" aria-label="Filter calls">
        {(form) => (
          <>
            <div className="field">
              <label htmlFor="xf-from">From</label>
              <Input name="from" id="xf-from" type="date" />
            </div>
            <div className="field">
              <label htmlFor="xf-to">To</label>
              <Input name="to" id="xf-to" type="date" />
            </div>
            <div className="field">
              <label htmlFor="xf-state">State</label>
              <StateFilter />
            </div>
            <div className="field">
              <label htmlFor="xf-billing">Billing</label>
              <Select name="billing" id="xf-billing">
                {BILLING_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </Select>
            </div>
            <div className="xfer-filter-actions">
              <button type="submit" className="btn">
                Apply
              </button>
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => {
                  form.reset(NO_FILTERS);
                  apply({});
                }}
              >
                Clear
              </button>
            </div>
          </>
        )}
      </Form>
      <p className="muted small">
        Dates and times are in your time zone ({timeZone}, {zoneLabel(timeZone)}). Calls at or under the buffer are free.
      </p>

      {isPending && <p className="muted">Loading calls...</p>}
      {isError && (
        <p className="form-error" role="alert">
          {error instanceof ApiError ? error.serverMessage : 'Could not load calls'}
        </p>
      )}
      {data && data.items.length === 0 && <div className="card xfer-empty">No calls match these filters yet.</div>}
      {data && data.items.length > 0 && (
        <div className="card xfer-table-wrap">
          <table className="xfer-table" data-testid="calls-table">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Caller</th>
                <th scope="col">State</th>
                <th scope="col">Duration</th>
                <th scope="col">Billing</th>
                <th scope="col">Dispute</th>
                <th scope="col">
                  <span className="sr-only">Details</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((c) => (
                <Fragment key={c.id}>
                  <tr data-testid={`call-${c.callId}`}>
                    <td>{formatInZone(c.startedAt, timeZone)}</td>
                    <td>
                      {c.callerName}
                      <div className="muted small">{formatPhone(c.callerPhone)}</div>
                    </td>
                    <td>{c.state}</td>
                    <td>{formatDuration(c.durationSeconds)}</td>
                    <td>
                      <BillingBadge call={c} />
                    </td>
                    <td>
                      <DisputeCell call={c} timeZone={timeZone} onDispute={() => setDisputing(c)} />
                    </td>
                    <td>
                      <button
                        type="button"
                        className="btn btn-outline xfer-btn-sm"
                        aria-expanded={open === c.id}
                        aria-controls={`xf-ev-${c.id}`}
                        onClick={() => setOpen(open === c.id ? null : c.id)}
                      >
                        {open === c.id ? 'Hide' : 'Recording & transcript'}
                      </button>
                    </td>
                  </tr>
                  {open === c.id && (
                    <tr id={`xf-ev-${c.id}`} className="xfer-evidence-row">
                      <td colSpan={7}>
                        <Evidence call={c} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pagination page={page} pages={data.pageCount} shownPage={data.page} total={data.total} totalNoun="calls" onPage={setPage} label="Call pages" />}
      <DisputeDialog call={disputing} timeZone={timeZone} onClose={() => setDisputing(null)} />
    </section>
  );
}
