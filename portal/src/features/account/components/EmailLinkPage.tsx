// The page an e-mail's link opens (/confirm-email, /undo-email-change): its title, then the server's
// refusal (or `invalid` when the link has no token), the outcome once done, or meanwhile its children.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '@tm/shared/api-client';
import { paths } from '../../../app/paths.ts';

interface Props {
  title: string;
  token: string;
  request: { isError: boolean; isSuccess: boolean; error: unknown };
  invalid: string;
  done: ReactNode;
  children: ReactNode;
}

export function EmailLinkPage({ title, token, request, invalid, done, children }: Props) {
  let body: ReactNode;
  if (!token || request.isError)
    body = (
      <div role="alert" className="form-error">
        {request.error instanceof ApiError ? request.error.serverMessage : invalid}
      </div>
    );
  else if (request.isSuccess)
    body = (
      <div role="status" className="form-success">
        {done}
      </div>
    );
  else body = children;
  return (
    <div className="auth-page">
      <div className="card auth-card">
        <h1>{title}</h1>
        {body}
        <p className="muted small">
          <Link to={paths.login}>Go to login</Link>
        </p>
      </div>
    </div>
  );
}
