// /profile: the agent's own account. Details (name, phone, state, agency), the e-mail (changed through
// a link sent to the new address), Change password (current one required; other sessions end), and
// which optional e-mails they receive (receipts and account e-mails always go), and CRM webhooks.
import { useState, type FormEvent, type ReactNode } from 'react';
import { toUsStateCode } from '@tm/shared/us-states';
import { UsStateSelect } from '../../../components/UsStateSelect.tsx';
import { Link } from 'react-router';
import { ApiError } from '@tm/shared/api-client';
import { OPTIONAL_MAIL_KINDS, profileSchema, type OptionalMailKind } from '@tm/shared/schemas/mail';
import { RequireUser } from '../../../components/RequireUser.tsx';
import type { SessionUser } from '../../../lib/current-user.ts';
import { useChangeOwnPassword, useMailPreferences, useRequestEmailChange, useSaveMailPreferences, useSaveProfile } from '../api/account.ts';
import { paths } from '../../../app/paths.ts';
// Before WebhooksSection's integrations.css, as when these rules sat in app/styles.css.
import './profile.css';
import { AutoRebillSection } from './AutoRebillSection.tsx';

type Fields = Record<string, string>;
const fieldsOf = (err: unknown): Fields => (err instanceof ApiError && err.fields ? err.fields : {});
const messageOf = (err: unknown, fallback: string) => (err instanceof ApiError ? err.serverMessage : fallback);
/** The first message of each field, as the API names them (errors.ts parseWith). */
function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Fields {
  const out: Fields = {};
  for (const i of issues) out[String(i.path[0])] ??= i.message;
  return out;
}

function Input({ id, label, error, ...rest }: { id: string; label: string; error?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={id} aria-invalid={!!error} {...rest} />
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}

function DetailsForm({ user }: { user: SessionUser }) {
  const save = useSaveProfile();
  const [done, setDone] = useState(false);
  const [fields, setFields] = useState<Fields>({});
  // Controlled: a stored full name such as "Texas" shows as its code.
  const [state, setState] = useState(toUsStateCode(user.state ?? '') ?? '');
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    setDone(false);
    const input = {
      firstName: String(f.get('firstName')),
      lastName: String(f.get('lastName')),
      phone: String(f.get('phone')),
      state: String(f.get('state')),
      agencyName: String(f.get('agencyName')),
    };
    // The API's own schema first (a state is required): nothing is sent until the form is right.
    const checked = profileSchema.safeParse(input);
    if (!checked.success) return setFields(fieldErrors(checked.error.issues));
    setFields({});
    try {
      await save.mutateAsync(input);
      setDone(true);
    } catch (err) {
      setFields({ ...fieldsOf(err), ...(fieldsOf(err).firstName || fieldsOf(err).phone ? {} : { form: messageOf(err, 'Could not save.') }) });
    }
  };
  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-labelledby="profile-details">
      <h2 id="profile-details">Details</h2>
      {done && (
        <div role="status" className="form-success">
          Your details are saved.
        </div>
      )}
      {fields.form && (
        <div role="alert" className="form-error">
          {fields.form}
        </div>
      )}
      <div className="profile-grid">
        <Input id="firstName" label="First name" defaultValue={user.firstName} error={fields.firstName} autoComplete="given-name" />
        <Input id="lastName" label="Last name" defaultValue={user.lastName} error={fields.lastName} autoComplete="family-name" />
        <Input id="phone" label="Phone" defaultValue={user.phone} error={fields.phone} autoComplete="tel" />
        <div className="field">
          <label htmlFor="state">State</label>
          <UsStateSelect id="state" name="state" value={state} onChange={(e) => setState(e.currentTarget.value)} aria-invalid={!!fields.state} />
          {fields.state && <p className="field-error">{fields.state}</p>}
        </div>
        <Input id="agencyName" label="Agency" defaultValue={user.agencyName} error={fields.agencyName} autoComplete="organization" />
      </div>
      <button className="btn" type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Details'}
      </button>
    </form>
  );
}

function EmailForm({ user }: { user: SessionUser }) {
  const change = useRequestEmailChange();
  const [sent, setSent] = useState<string | null>(null);
  const [fields, setFields] = useState<Fields>({});
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    setSent(null);
    setFields({});
    try {
      setSent((await change.mutateAsync({ email: String(f.get('newEmail')), currentPassword: String(f.get('emailCurrentPassword')) })).message);
      form.reset();
    } catch (err) {
      const got = fieldsOf(err);
      setFields(Object.keys(got).length ? got : { email: messageOf(err, 'Could not send the link.') });
    }
  };
  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-labelledby="profile-email">
      <h2 id="profile-email">E-mail</h2>
      <p className="muted">
        Now: <strong>{user.email}</strong>
      </p>
      {sent && (
        <div role="status" className="form-success">
          {sent}
        </div>
      )}
      <Input id="newEmail" label="New e-mail" type="email" autoComplete="email" error={fields.email} />
      <Input id="emailCurrentPassword" label="Your password" type="password" autoComplete="current-password" error={fields.currentPassword} />
      <button className="btn btn-outline" type="submit" disabled={change.isPending}>
        {change.isPending ? 'Sending...' : 'Send Confirmation Link'}
      </button>
    </form>
  );
}

function PasswordForm() {
  const change = useChangeOwnPassword();
  const [done, setDone] = useState(false);
  const [fields, setFields] = useState<Fields>({});
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    setDone(false);
    if (f.get('newPassword') !== f.get('confirmNewPassword')) return setFields({ confirmNewPassword: 'Passwords do not match' });
    setFields({});
    try {
      await change.mutateAsync({ currentPassword: String(f.get('currentPassword')), newPassword: String(f.get('newPassword')) });
      form.reset();
      setDone(true);
    } catch (err) {
      setFields(Object.keys(fieldsOf(err)).length ? fieldsOf(err) : { form: messageOf(err, 'Could not change the password.') });
    }
  };
  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-labelledby="profile-password">
      <h2 id="profile-password">Change password</h2>
      {done && (
        <div role="status" className="form-success">
          Your password is changed. Other browsers were logged out.
        </div>
      )}
      {fields.form && (
        <div role="alert" className="form-error">
          {fields.form}
        </div>
      )}
      <Input id="currentPassword" label="Current password" type="password" autoComplete="current-password" error={fields.currentPassword} />
      <Input id="newPassword" label="New password" type="password" autoComplete="new-password" error={fields.newPassword} />
      <Input id="confirmNewPassword" label="Confirm new password" type="password" autoComplete="new-password" error={fields.confirmNewPassword} />
      <button className="btn" type="submit" disabled={change.isPending}>
        {change.isPending ? 'Saving...' : 'Change Password'}
      </button>
    </form>
  );
}

function PreferencesForm() {
  const { data } = useMailPreferences();
  const save = useSaveMailPreferences();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The boxes show the choice at once; the saved list replaces it when the server answers.
  const [local, setLocal] = useState<OptionalMailKind[] | null>(null);
  if (!data)
    return (
      <div className="card">
        <h2>E-mail notifications</h2>
        <p className="muted">Loading...</p>
      </div>
    );
  const off = new Set(local ?? data.optOut);
  const toggle = (k: OptionalMailKind, on: boolean) => {
    const next = new Set(off);
    if (on) next.delete(k);
    else next.add(k);
    setDone(false);
    setError(null);
    setLocal([...next]);
    save.mutate([...next], {
      onSuccess: (saved) => {
        setLocal(saved.optOut);
        setDone(true);
      },
      onError: (err) => {
        setLocal(null);
        setError(messageOf(err, 'Could not save.'));
      },
    });
  };
  return (
    <fieldset className="card profile-prefs">
      <legend>
        <h2>E-mail notifications</h2>
      </legend>
      <p className="muted small">Receipts, payment and account e-mails are always sent.</p>
      {(Object.keys(data.options) as OptionalMailKind[]).map((k) => (
        <label key={k} className="profile-check">
          <input type="checkbox" checked={!off.has(k)} onChange={(e) => toggle(k, e.target.checked)} /> {data.options[k] ?? OPTIONAL_MAIL_KINDS[k]}
        </label>
      ))}
      {done && (
        <p role="status" className="muted small">
          Saved.
        </p>
      )}
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** `webhooks`: the integrations feature's section, put in by app/ProfilePage.tsx (decision 240). */
export function ProfilePage({ webhooks }: { webhooks?: ReactNode }) {
  return (
    <RequireUser>
      {(user) => (
        <div className="container profile-page">
          <header className="profile-head">
            <h1>Profile</h1>
            <Link to={user.isAdmin ? paths.admin : paths.dashboard}>Back to {user.isAdmin ? 'Admin Panel' : 'Dashboard'}</Link>
          </header>
          <DetailsForm user={user} />
          <EmailForm user={user} />
          <PasswordForm />
          {!user.isAdmin && <AutoRebillSection />}
          <PreferencesForm />
          {webhooks}
        </div>
      )}
    </RequireUser>
  );
}
