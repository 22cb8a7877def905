// The admin's inboxes. Applications: partner applications (filter by status, search), the detail with
// every answer and each uploaded file (downloads go through the admin-only API), and Approve / Reject /
// back to New with a note. Sign-ups: agent-lab and RingCloud sign-ups, what they asked for, whether the
// account's owner has set a password, the admin's follow-up status (new, contacted, onboarded; changes
// go to the audit log) and a link to the account (the one made from the sign-up, or with its e-mail).
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '@tm/shared/api-client';
import {
  APPLICATION_STATUSES,
  SIGNUP_SOURCES,
  SIGNUP_SOURCE_LABELS,
  SIGNUP_STATUSES,
  SIGNUP_STATUS_LABELS,
  type ApplicationStatus,
  type PartnerApplicationSummary,
  type Signup,
  type SignupStatus,
  reviewApplicationSchema,
} from '@tm/shared/schemas/admin-business';
import { Field, Form, FormAlert, Textarea } from '../../../components/ui/form/index.ts';
import { useToast } from '../../../components/toast.tsx';
import { useApplication, useApplications, useReviewApplication, useSetSignupStatus, useSignups } from '../api/inboxes.ts';
import { Modal, formatDate, formatPhone } from './ui.tsx';
import { SearchPagedList, filterOptions } from './SearchPagedList.tsx';

const STATUS_LABEL: Record<ApplicationStatus, string> = { new: 'New', approved: 'Approved', rejected: 'Rejected' };
const STATUS_TONE: Record<ApplicationStatus, string> = { new: 'adm-badge-basic', approved: 'adm-badge-ok', rejected: 'adm-badge-bad' };
const SIGNUP_STATUS_TONE: Record<SignupStatus, string> = { new: 'adm-badge-warn', contacted: 'adm-badge-basic', onboarded: 'adm-badge-ok' };

function kb(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export function ReviewForm({ id, status, note }: { id: number; status: ApplicationStatus; note: string | null }) {
  const toast = useToast();
  const review = useReviewApplication(id);
  return (
    <Form
      aria-label="Review"
      schema={reviewApplicationSchema}
      defaultValues={{ status: 'approved', note: note ?? '' }}
      fallbackError="Saving failed. Please try again."
      onSubmit={async (input) => {
        await review.mutateAsync(input);
        toast({ title: `Application marked ${STATUS_LABEL[input.status].toLowerCase()}` });
      }}
    >
      {({ setValue }) => {
        // Each button submits the form with its own decision.
        const decide = (next: ApplicationStatus) => () => setValue('status', next);
        return (
          <>
            <Field id="review-note" name="note" label="Note (required to reject)">
              <Textarea id="review-note" name="note" rows={3} maxLength={1000} />
            </Field>
            <FormAlert />
            <div className="adm-actions">
              {status !== 'new' && (
                <button type="submit" className="btn btn-outline" disabled={review.isPending} onClick={decide('new')}>
                  Back to New
                </button>
              )}
              <button type="submit" className="btn btn-danger" disabled={review.isPending} onClick={decide('rejected')}>
                Reject
              </button>
              <button type="submit" className="btn" disabled={review.isPending} onClick={decide('approved')}>
                Approve
              </button>
            </div>
          </>
        );
      }}
    </Form>
  );
}

function ApplicationDetail({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { data: a, isPending, isError } = useApplication(id);
  return (
    <Modal open={id !== null} title="Partner application" onClose={onClose}>
      {isPending ? (
        <p className="adm-empty">Loading application...</p>
      ) : isError || !a ? (
        <p className="form-error" role="alert">
          Failed to load the application. Please try again.
        </p>
      ) : (
        <div data-testid="application-detail">
          <div className="adm-card-title adm-wrap">
            <h3>{a.businessName}</h3>
            <span className={`adm-badge ${STATUS_TONE[a.status]}`}>{STATUS_LABEL[a.status]}</span>
          </div>
          <dl className="adm-dl">
            <dt>Contact</dt>
            <dd>
              {a.contactName} · {a.email} · {formatPhone(a.phone)}
            </dd>
            <dt>Website</dt>
            <dd>{a.website}</dd>
            <dt>Business</dt>
            <dd>
              {a.businessType} · {a.experienceYears} · {a.monthlyVolume} a month
            </dd>
            <dt>Services</dt>
            <dd>{a.servicesInterested.join(', ')}</dd>
            <dt>Markets</dt>
            <dd>{a.targetMarkets}</dd>
            <dt>About</dt>
            <dd>{a.businessDescription}</dd>
            <dt>Why partner</dt>
            <dd>{a.whyPartner}</dd>
            <dt>Received</dt>
            <dd>{formatDate(a.createdAt)}</dd>
            {a.reviewedAt && (
              <>
                <dt>Reviewed</dt>
                <dd>
                  {formatDate(a.reviewedAt)}
                  {a.reviewedBy ? ` by ${a.reviewedBy}` : ''}
                  {a.reviewNote ? `: ${a.reviewNote}` : ''}
                </dd>
              </>
            )}
          </dl>
          <h3>Files</h3>
          {a.files.length === 0 ? (
            <p className="muted small">No files were uploaded.</p>
          ) : (
            <ul className="adm-files">
              {a.files.map((f) => (
                <li key={f.id}>
                  <a href={f.downloadUrl} download={f.originalName}>
                    {f.originalName}
                  </a>{' '}
                  <span className="muted small">{kb(f.sizeBytes)}</span>
                </li>
              ))}
            </ul>
          )}
          <ReviewForm key={`${a.id}-${a.status}`} id={a.id} status={a.status} note={a.reviewNote} />
        </div>
      )}
    </Modal>
  );
}

function ApplicationCard({ a, onView }: { a: PartnerApplicationSummary; onView: () => void }) {
  return (
    <li className="card adm-card" data-testid="application-card">
      <div className="adm-card-main">
        <div className="adm-card-title">
          <h3>{a.businessName}</h3>
          <span className={`adm-badge ${STATUS_TONE[a.status]}`}>{STATUS_LABEL[a.status]}</span>
        </div>
        <div className="adm-card-meta">
          <span>
            {a.contactName} · {a.email}
          </span>
          <span>
            {a.businessType} · {a.monthlyVolume}
          </span>
          <span>
            {a.fileCount} file{a.fileCount === 1 ? '' : 's'}
          </span>
          <span>Received {formatDate(a.createdAt)}</span>
        </div>
      </div>
      <div className="adm-card-actions">
        <button type="button" className="btn btn-outline adm-btn-sm" onClick={onView} aria-label={`View application from ${a.businessName}`}>
          View
        </button>
      </div>
    </li>
  );
}

const APPLICATION_FILTER = filterOptions({ value: '', label: 'All statuses' }, APPLICATION_STATUSES, STATUS_LABEL);

export function ApplicationsTab() {
  const [status, setStatus] = useState('');
  const [viewing, setViewing] = useState<number | null>(null);
  return (
    <div>
      <SearchPagedList
        noun="applications"
        title="Partner applications"
        pagesLabel="Applications pages"
        searchLabel="Search applications"
        filters={[{ label: 'Application status', value: status, options: APPLICATION_FILTER, onChange: setStatus }]}
        emptyMessage={() => 'No applications found'}
        usePage={useApplications}
        args={status}
        renderItem={(a) => <ApplicationCard a={a} onView={() => setViewing(a.id)} />}
      />
      <ApplicationDetail id={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

function SignupStatusSelect({ s }: { s: Signup }) {
  const toast = useToast();
  const save = useSetSignupStatus();
  const change = async (status: SignupStatus) => {
    try {
      await save.mutateAsync({ id: s.id, status });
      toast({ title: `Sign-up marked ${SIGNUP_STATUS_LABELS[status].toLowerCase()}` });
    } catch (err) {
      toast({ title: 'Error', description: err instanceof ApiError ? err.serverMessage : 'Saving failed. Please try again.', variant: 'destructive' });
    }
  };
  const id = `signup-status-${s.id}`;
  return (
    <div className="adm-signup-status">
      <label htmlFor={id} className="small">
        Status
      </label>
      <select
        id={id}
        aria-label={`Status of ${s.name}`}
        value={save.isPending && save.variables ? save.variables.status : s.status}
        disabled={save.isPending}
        onChange={(e) => void change(e.target.value as SignupStatus)}
      >
        {SIGNUP_STATUSES.map((v) => (
          <option key={v} value={v}>
            {SIGNUP_STATUS_LABELS[v]}
          </option>
        ))}
      </select>
    </div>
  );
}

function SignupCard({ s }: { s: Signup }) {
  return (
    <li className="card adm-card" data-testid="signup-card">
      <div className="adm-card-main">
        <div className="adm-card-title">
          <h3>{s.name}</h3>
          <span className="adm-badge adm-badge-basic">{SIGNUP_SOURCE_LABELS[s.source]}</span>
          <span className={`adm-badge ${SIGNUP_STATUS_TONE[s.status]}`} data-testid="signup-status">
            {SIGNUP_STATUS_LABELS[s.status]}
          </span>
          <span className={`adm-badge ${s.passwordSet ? 'adm-badge-ok' : 'adm-badge-warn'}`}>{s.passwordSet ? 'Password set' : 'No password yet'}</span>
        </div>
        <div className="adm-card-meta">
          <span>{s.email}</span>
          <span>{formatPhone(s.phone)}</span>
          {s.agencyName && <span>{s.agencyName}</span>}
          {s.username && <span>@{s.username}</span>}
          <span>Signed up {formatDate(s.createdAt)}</span>
        </div>
        <div className="adm-card-meta">
          {s.request.map((r) => (
            <span key={r.label}>
              {r.label}: <strong>{r.value}</strong>
            </span>
          ))}
        </div>
      </div>
      <div className="adm-card-actions adm-signup-actions">
        <SignupStatusSelect s={s} />
        {s.userId !== null ? (
          <Link className="btn btn-outline adm-btn-sm" to={`/admin?user=${s.userId}`} aria-label={`Open user ${s.name}`}>
            Open user
          </Link>
        ) : (
          <span className="muted small">No account yet</span>
        )}
      </div>
    </li>
  );
}

/** Sign-ups from the source and in the follow-up status chosen ('' for any), matching the search text when there is some. */
function useSignupsPage({ source, status }: { source: string; status: string }, q: string, page: number) {
  return useSignups(source, q, page, status);
}

const SOURCE_FILTER = filterOptions({ value: '', label: 'Agent lab and RingCloud' }, SIGNUP_SOURCES, SIGNUP_SOURCE_LABELS);
const SIGNUP_STATUS_FILTER = filterOptions({ value: '', label: 'Any status' }, SIGNUP_STATUSES, SIGNUP_STATUS_LABELS);

export function SignupsTab() {
  const [source, setSource] = useState('');
  const [status, setStatus] = useState('');
  return (
    <div>
      <SearchPagedList
        noun="sign-ups"
        title="Sign-ups"
        searchLabel="Search sign-ups"
        filters={[
          { label: 'Sign-up source', value: source, options: SOURCE_FILTER, onChange: setSource },
          { label: 'Sign-up status', value: status, options: SIGNUP_STATUS_FILTER, onChange: setStatus },
        ]}
        note={<p className="muted small">Accounts without a password yet: use the Users tab's Set-password link.</p>}
        emptyMessage={() => 'No sign-ups found'}
        usePage={useSignupsPage}
        args={{ source, status }}
        renderItem={(s) => <SignupCard s={s} />}
      />
    </div>
  );
}
