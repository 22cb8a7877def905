// /set-password?token=...: the one-time link an admin hands an agent (Users tab, Set-password link).
// The link is checked on load; a good one shows the form (new password twice), a bad, expired or used
// one says so. Setting the password does not log in: the agent then signs in at /login.
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SET_PASSWORD_LINK_INVALID, setPasswordFormSchema } from '@tm/shared/schemas/auth';
import { ApiError } from '@tm/shared/api-client';
import { Field, Form, FormAlert, Input } from '../../../components/ui/form/index.ts';
import { useSetPassword, useSetPasswordLinkCheck } from '../api/set-password.ts';
import { paths } from '../../../app/paths.ts';

function LoginLink({ button = false }: { button?: boolean }) {
  return (
    <Link to={paths.login} className={button ? 'btn' : undefined}>
      Go to login
    </Link>
  );
}

function SetPasswordForm({ token, email, onDeadLink, onDone }: { token: string; email: string; onDeadLink: () => void; onDone: () => void }) {
  const mutation = useSetPassword();
  const onSubmit = async ({ password }: { password: string }) => {
    try {
      await mutation.mutateAsync({ token, password });
      onDone();
    } catch (err) {
      // A dead link (used, expired) is not the password's fault: the page says so instead of the form.
      if (err instanceof ApiError && err.fields?.token) return onDeadLink();
      throw err;
    }
  };

  return (
    <Form
      schema={setPasswordFormSchema}
      defaultValues={{ password: '', confirmPassword: '' }}
      onSubmit={onSubmit}
      fallbackError="Could not set your password. Please try again."
    >
      <p className="muted">
        Choose a password for <strong className="break-anywhere">{email}</strong>.
      </p>
      <FormAlert as="div" />
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field id="new-password" name="password" label="New password">
        <Input id="new-password" name="password" type="password" autoComplete="new-password" />
      </Field>
      <Field id="confirm-password" name="confirmPassword" label="Confirm password">
        <Input id="confirm-password" name="confirmPassword" type="password" autoComplete="new-password" />
      </Field>
      <button className="btn" type="submit" disabled={mutation.isPending}>
        {mutation.isPending ? 'Saving...' : 'Set Password'}
      </button>
    </Form>
  );
}

export function SetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const check = useSetPasswordLinkCheck(token);
  const [dead, setDead] = useState(false);
  const [done, setDone] = useState(false);

  let body: ReactNode;
  if (done) {
    body = (
      <>
        <div role="status" className="form-success">
          Your password is set. You can now log in.
        </div>
        <LoginLink button />
      </>
    );
  } else if (!token || dead || (check.error instanceof ApiError && check.error.status === 400)) {
    body = (
      <>
        <div role="alert" className="form-error">
          {SET_PASSWORD_LINK_INVALID}
        </div>
        <p className="muted small">
          <LoginLink />
        </p>
      </>
    );
  } else if (check.error) {
    body = (
      <>
        <div role="alert" className="form-error">
          {check.error instanceof ApiError ? check.error.serverMessage : 'Could not check this link. Please try again.'}
        </div>
        <p className="muted small">
          <LoginLink />
        </p>
      </>
    );
  } else if (!check.data) {
    body = <p className="muted">Checking your link...</p>;
  } else {
    body = <SetPasswordForm token={token} email={check.data.email} onDeadLink={() => setDead(true)} onDone={() => setDone(true)} />;
  }

  return (
    <div className="auth-page">
      <section className="card auth-card" aria-labelledby="set-password-title">
        <h1 id="set-password-title">Set your password</h1>
        {body}
      </section>
    </div>
  );
}
