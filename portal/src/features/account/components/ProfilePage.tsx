// /profile: the agent's own account. Details (name, phone, state, agency), the e-mail (changed through
// a link sent to the new address), Change password (current one required; other sessions end), and
// which optional e-mails they receive (receipts and account e-mails always go), and CRM webhooks.
import { useState, type ReactNode } from 'react';
import { z } from 'zod';
import { toUsStateCode } from '@tm/shared/us-states';
import { UsStateSelect } from '../../../components/UsStateSelect.tsx';
import { Link } from 'react-router';
import { ApiError } from '@tm/shared/api-client';
import { emailChangeSchema, OPTIONAL_MAIL_KINDS, profileSchema, type OptionalMailKind, type ProfileInput } from '@tm/shared/schemas/mail';
import { Field, Form, FormAlert, Input, useFieldError, type FormMethods } from '../../../components/ui/form/index.ts';
import { RequireUser } from '../../../components/RequireUser.tsx';
import type { SessionUser } from '../../../lib/current-user.ts';
import { useChangeOwnPassword, useMailPreferences, useRequestEmailChange, useSaveMailPreferences, useSaveProfile } from '../api/account.ts';
import { paths } from '../../../app/paths.ts';
// Before WebhooksSection's integrations.css, as when these rules sat in app/styles.css.
import './profile.css';
import { AutoRebillSection } from './AutoRebillSection.tsx';

const messageOf = (err: unknown, fallback: string) => (err instanceof ApiError ? err.serverMessage : fallback);

/** The new password typed twice (the API checks the rest and names the field it refuses). */
const passwordFormSchema = z
  .object({ currentPassword: z.string(), newPassword: z.string(), confirmNewPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmNewPassword, { message: 'Passwords do not match', path: ['confirmNewPassword'] });

function TextField({
  id,
  name = id,
  label,
  ...rest
}: { id: string; name?: string; label: string } & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'name'>) {
  return (
    <Field id={id} name={name} label={label}>
      <Input id={id} name={name} {...rest} />
    </Field>
  );
}

function StateField({ register }: { register: FormMethods<ProfileInput>['register'] }) {
  return (
    <Field id="state" name="state" label="State">
      <UsStateSelect id="state" aria-invalid={!!useFieldError('state')} {...register('state')} />
    </Field>
  );
}

function DetailsForm({ user }: { user: SessionUser }) {
  const save = useSaveProfile();
  const [done, setDone] = useState(false);
  return (
    <Form
      className="card"
      aria-labelledby="profile-details"
      schema={profileSchema}
      // A stored full name such as "Texas" shows as its code.
      defaultValues={{
        firstName: user.firstName,
        lastName: user.lastName,
        phone: user.phone,
        state: toUsStateCode(user.state ?? '') ?? '',
        agencyName: user.agencyName,
      }}
      fallbackError="Could not save."
      onSubmit={async (input) => {
        setDone(false);
        await save.mutateAsync(input);
        setDone(true);
      }}
    >
      {({ register }) => (
        <>
          <h2 id="profile-details">Details</h2>
          {done && (
            <div role="status" className="form-success">
              Your details are saved.
            </div>
          )}
          <FormAlert as="div" />
          <div className="profile-grid">
            <TextField id="firstName" label="First name" autoComplete="given-name" />
            <TextField id="lastName" label="Last name" autoComplete="family-name" />
            <TextField id="phone" label="Phone" autoComplete="tel" />
            <StateField register={register} />
            <TextField id="agencyName" label="Agency" autoComplete="organization" />
          </div>
          <button className="btn" type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Details'}
          </button>
        </>
      )}
    </Form>
  );
}

function EmailForm({ user }: { user: SessionUser }) {
  const change = useRequestEmailChange();
  const [sent, setSent] = useState<string | null>(null);
  return (
    <Form
      className="card"
      aria-labelledby="profile-email"
      schema={emailChangeSchema}
      defaultValues={{ email: '', currentPassword: '' }}
      fallbackError="Could not send the link."
      onSubmit={async (input, form) => {
        setSent(null);
        setSent((await change.mutateAsync(input)).message);
        form.reset();
      }}
    >
      <h2 id="profile-email">E-mail</h2>
      <p className="muted">
        Now: <strong>{user.email}</strong>
      </p>
      {sent && (
        <div role="status" className="form-success">
          {sent}
        </div>
      )}
      <FormAlert as="div" />
      <TextField id="newEmail" name="email" label="New e-mail" type="email" autoComplete="email" />
      <TextField id="emailCurrentPassword" name="currentPassword" label="Your password" type="password" autoComplete="current-password" />
      <button className="btn btn-outline" type="submit" disabled={change.isPending}>
        {change.isPending ? 'Sending...' : 'Send Confirmation Link'}
      </button>
    </Form>
  );
}

function PasswordForm() {
  const change = useChangeOwnPassword();
  const [done, setDone] = useState(false);
  return (
    <Form
      className="card"
      aria-labelledby="profile-password"
      schema={passwordFormSchema}
      defaultValues={{ currentPassword: '', newPassword: '', confirmNewPassword: '' }}
      fallbackError="Could not change the password."
      onSubmit={async ({ currentPassword, newPassword }, form) => {
        setDone(false);
        await change.mutateAsync({ currentPassword, newPassword });
        form.reset();
        setDone(true);
      }}
    >
      <h2 id="profile-password">Change password</h2>
      {done && (
        <div role="status" className="form-success">
          Your password is changed. Other browsers were logged out.
        </div>
      )}
      <FormAlert as="div" />
      <TextField id="currentPassword" label="Current password" type="password" autoComplete="current-password" />
      <TextField id="newPassword" label="New password" type="password" autoComplete="new-password" />
      <TextField id="confirmNewPassword" label="Confirm new password" type="password" autoComplete="new-password" />
      <button className="btn" type="submit" disabled={change.isPending}>
        {change.isPending ? 'Saving...' : 'Change Password'}
      </button>
    </Form>
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
