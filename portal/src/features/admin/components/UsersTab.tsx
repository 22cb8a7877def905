// Users tab: search by name, agency or e-mail (from one character), user cards, Create User and Change
// Password panels, a one-time set-password link per user (for accounts made with a generated password;
// shown to copy, or e-mailed to the user as the welcome e-mail),
// Deactivate / Reactivate (confirmed in a dialog; an admin's own card offers neither), and each user's
// page (?user=ID: orders, balance, leads, appointments, Edit).
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AdminUser } from '@tm/shared/schemas/admin';
import { useUsers } from '../api/get-users.ts';
import { useSearchUsers } from '../api/search-users.ts';
import { formatPhone } from './ui.tsx';
import { SearchPagedList } from './SearchPagedList.tsx';
import { UserFormPanel } from './UserFormPanel.tsx';
import { ChangePasswordPanel } from './ChangePasswordPanel.tsx';
import { SetPasswordLinkDialog } from './SetPasswordLinkDialog.tsx';
import { setPasswordLinkEmailed, useCreateSetPasswordLink, useEmailSetPasswordLink } from '../api/create-set-password-link.ts';
import { useToast } from '../../../components/toast.tsx';
import { ApiError } from '@tm/shared/api-client';
import type { SetPasswordLink } from '@tm/shared/schemas/auth';
import { UserActivationDialog } from './UserActivationDialog.tsx';
import type { UserActivation } from '../api/set-user-active.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { UserPage } from './UserPage.tsx';
import { LowBalanceBuyers } from './LowBalanceBuyers.tsx';

function UserCard({
  user,
  onChangePassword,
  onSetPasswordLink,
  linkPending,
  onEmailLink,
  emailPending,
  onActivation,
}: {
  user: AdminUser;
  onChangePassword: () => void;
  onSetPasswordLink: () => void;
  linkPending: boolean;
  /** E-mails the link to the user (the welcome e-mail) instead of showing it. */
  onEmailLink: () => void;
  emailPending: boolean;
  /** Absent on the admin's own card: nobody deactivates themselves. */
  onActivation?: (action: UserActivation) => void;
}) {
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <li className="card adm-card" data-testid="user-card">
      <div className="adm-card-main">
        <div className="adm-card-title">
          <h3>{name}</h3>
          <span className={`adm-badge ${user.isAdmin ? 'adm-badge-admin' : 'adm-badge-basic'}`}>{user.isAdmin ? 'Admin' : 'Basic'}</span>
          {user.deactivatedAt && <span className="adm-badge adm-badge-bad">Deactivated</span>}
        </div>
        <div className="adm-card-meta">
          <span>{user.email}</span>
          <span>
            {user.agencyName}
            {user.role ? ` · ${user.role}` : ''}
          </span>
          <span>
            {user.phone ? formatPhone(user.phone) : ''}
            {user.state ? ` · ${user.state}` : ''}
          </span>
        </div>
      </div>
      <div className="adm-card-actions">
        <Link className="btn adm-btn-sm" to={`/admin?user=${user.id}`} aria-label={`Open ${name}`}>
          Open
        </Link>
        <button type="button" className="btn btn-outline adm-btn-sm" onClick={onChangePassword} aria-label={`Change Password for ${name}`}>
          Change Password
        </button>
        <button
          type="button"
          className="btn btn-outline adm-btn-sm"
          onClick={onSetPasswordLink}
          disabled={linkPending}
          aria-label={`${linkPending ? 'Creating link...' : 'Set-password link'} for ${name}`}
        >
          {linkPending ? 'Creating link...' : 'Set-password link'}
        </button>
        <button
          type="button"
          className="btn btn-outline adm-btn-sm"
          onClick={onEmailLink}
          disabled={emailPending}
          aria-label={`${emailPending ? 'Sending...' : 'E-mail link'}: the set-password link to ${name}`}
        >
          {emailPending ? 'Sending...' : 'E-mail link'}
        </button>
        {onActivation &&
          (user.deactivatedAt ? (
            <button type="button" className="btn btn-outline adm-btn-sm" onClick={() => onActivation('reactivate')} aria-label={`Reactivate ${name}`}>
              Reactivate
            </button>
          ) : (
            <button type="button" className="btn btn-outline adm-btn-sm" onClick={() => onActivation('deactivate')} aria-label={`Deactivate ${name}`}>
              Deactivate
            </button>
          ))}
      </div>
    </li>
  );
}

/** The page of users, or of those whose e-mail matches once there is search text. */
function useUsersPage(q: string, page: number, searching: boolean) {
  const list = useUsers(page, !searching);
  const found = useSearchUsers(q, page, { enabled: searching });
  return searching ? found : list;
}

export function UsersTab() {
  const [params] = useSearchParams();
  const userId = Number(params.get('user'));
  if (Number.isSafeInteger(userId) && userId > 0) return <UserPage key={userId} userId={userId} />;
  return <UsersList />;
}

function UsersList() {
  const [creating, setCreating] = useState(false);
  const [passwordFor, setPasswordFor] = useState<AdminUser | null>(null);
  const [linkShown, setLinkShown] = useState<{ user: AdminUser; link: SetPasswordLink } | null>(null);
  const [activation, setActivation] = useState<{ user: AdminUser; action: UserActivation } | null>(null);
  const me = useCurrentUser().data;
  const linkMutation = useCreateSetPasswordLink();
  const emailMutation = useEmailSetPasswordLink();
  const toast = useToast();
  const emailLink = async (user: AdminUser) => {
    try {
      toast(setPasswordLinkEmailed((await emailMutation.mutateAsync(user.id)).emailedTo));
    } catch (err) {
      toast({ title: 'Error', description: err instanceof ApiError ? err.serverMessage : 'Failed to e-mail the link', variant: 'destructive' });
    }
  };
  const makeLink = async (user: AdminUser) => {
    try {
      setLinkShown({ user, link: await linkMutation.mutateAsync(user.id) });
    } catch (err) {
      toast({ title: 'Error', description: err instanceof ApiError ? err.serverMessage : 'Failed to create the link', variant: 'destructive' });
    }
  };
  return (
    <div>
      <LowBalanceBuyers />
      <SearchPagedList
        noun="users"
        title="Users"
        searchLabel="Search users by email"
        createLabel="Create User"
        onCreate={() => setCreating(true)}
        usePage={useUsersPage}
        renderItem={(u) => (
          <UserCard
            user={u}
            onChangePassword={() => setPasswordFor(u)}
            onSetPasswordLink={() => void makeLink(u)}
            linkPending={linkMutation.isPending && linkMutation.variables === u.id}
            onEmailLink={() => void emailLink(u)}
            emailPending={emailMutation.isPending && emailMutation.variables === u.id}
            onActivation={me && me.id === u.id ? undefined : (action) => setActivation({ user: u, action })}
          />
        )}
      />
      <UserFormPanel mode="create" open={creating} onClose={() => setCreating(false)} />
      <ChangePasswordPanel user={passwordFor} onClose={() => setPasswordFor(null)} />
      <SetPasswordLinkDialog shown={linkShown} onClose={() => setLinkShown(null)} />
      <UserActivationDialog shown={activation} onClose={() => setActivation(null)} />
    </div>
  );
}
