// The admin's user form in its side panel, one component for both uses (docs/product/portal.md#admin-panel):
// - Create User: e-mail, password, names, agency, role (chosen), phone, state (optional) and user type;
//   Create and E-mail Link also e-mails the new user a set-password link (the welcome e-mail);
// - Edit User: names, e-mail, phone, state, agency, role and the agent's own live-transfer price
//   (dollars; empty means the default).
// Each is validated with the API's schema for it; the server's field errors are shown on their fields.
import { Fragment, useState, type ReactNode } from 'react';
import type { ZodType } from 'zod';
import { ApiError } from '@tm/shared/api-client';
import { LIVE_TRANSFER_DEFAULT_PRICE_CENTS, formatUsd } from '@tm/shared';
import {
  ROLE_CHOICES,
  USER_TYPE_CHOICES,
  createUserSchema,
  updateUserSchema,
  type AdminUserAccount,
  type CreateUserInput,
  type CreateUserValues,
  type UpdateUserInput,
} from '@tm/shared/schemas/admin';
import { useToast } from '../../../components/toast.tsx';
import { UsStateSelect } from '../../../components/UsStateSelect.tsx';
import { useCreateUser } from '../api/create-user.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { setPasswordLinkEmailed, useEmailSetPasswordLink } from '../api/create-set-password-link.ts';
import { applyServerRefusal, Form, type FormMethods } from '../../../components/ui/form/index.ts';
import { Field, SidePanel, FormActions } from './ui.tsx';

/** The fields as typed; each use shows (and its schema checks) its own. */
type UserFields = CreateUserInput & { liveTransferPrice: string };

const EMPTY: CreateUserInput = {
  email: '',
  password: '',
  firstName: '',
  lastName: '',
  agencyName: '',
  role: '' as CreateUserInput['role'],
  phone: '',
  state: '',
  isAdmin: false,
};

/** What Edit User shows of an account (and sends back). */
const editFieldsOf = (u: AdminUserAccount) => ({
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  phone: u.phone,
  state: u.state ?? '',
  agencyName: u.agencyName,
  role: u.role,
  liveTransferPrice: u.liveTransferPriceCents === null ? '' : (u.liveTransferPriceCents / 100).toFixed(2),
});

// Each use checks its own fields with the API's schema for it (the edit schema is strict: only what it shows).
const createFormSchema = createUserSchema as unknown as ZodType<UserFields, UserFields>;
const editFormSchema = updateUserSchema as unknown as ZodType<UserFields, UserFields>;

type Props = { mode: 'create'; open: boolean; onClose: () => void } | { mode: 'edit'; user: AdminUserAccount | null; onClose: () => void };

export function UserFormPanel(props: Props) {
  const creating = props.mode === 'create';
  const user = props.mode === 'edit' ? props.user : null;
  const toast = useToast();
  const create = useCreateUser();
  const update = useUpdateUser();
  const emailed = useEmailSetPasswordLink();
  // Closing Create User empties it: the next one starts from a new form.
  const [round, setRound] = useState(0);
  const close = () => {
    if (creating) setRound((r) => r + 1);
    props.onClose();
  };
  /** Saves the form; on Create and E-mail Link the new user is then sent the set-password link (welcome e-mail). */
  const save = async (values: UserFields, form: FormMethods<UserFields>, emailLink: boolean) => {
    if (!creating && !user) return;
    try {
      if (user) {
        // The dollars as typed: the server turns them into cents (the resolver's cents are for checking only).
        const typed = { ...editFieldsOf(user), ...form.getValues() };
        const { password: _p, isAdmin: _a, ...input } = typed;
        await update.mutateAsync({ userId: user.id, input: { ...input, liveTransferPrice: typed.liveTransferPrice.trim() || null } as UpdateUserInput });
        toast({ title: 'User updated' });
      } else {
        const { user: made } = await create.mutateAsync(values as unknown as CreateUserValues);
        if (!emailLink) toast({ title: 'User created successfully' });
        else {
          try {
            toast(setPasswordLinkEmailed((await emailed.mutateAsync(made.id)).emailedTo, true));
          } catch (err) {
            const why = err instanceof ApiError ? err.serverMessage : 'Failed to e-mail the link';
            toast({ title: 'Error', description: `The user was created, but the link was not e-mailed: ${why}`, variant: 'destructive' });
          }
        }
      }
      close();
    } catch (err) {
      // The fields the API names go under those fields; the refusal itself is a toast (admin screens).
      const failed = creating ? 'Failed to create user' : 'Failed to update user';
      applyServerRefusal(form, err, failed);
      toast({ title: 'Error', description: err instanceof ApiError ? err.serverMessage : failed, variant: 'destructive' });
    }
  };

  const id = (name: string) => `${creating ? 'cu' : 'eu'}-${name}`;
  // Built only for the fields shown: register() adds a field to the form's values (and the edit schema is strict).
  const fieldsOf = ({ register, formState: { errors } }: FormMethods<UserFields>): Record<string, () => ReactNode> => ({
    email: () => (
      <Field id={id('email')} label="Email" error={errors.email?.message}>
        <input id={id('email')} type="email" autoComplete="off" {...register('email')} aria-invalid={!!errors.email} />
      </Field>
    ),
    password: () => (
      <Field id={id('password')} label="Password" error={errors.password?.message}>
        <input id={id('password')} type="password" autoComplete="new-password" {...register('password')} aria-invalid={!!errors.password} />
      </Field>
    ),
    names: () => (
      <div className="adm-row">
        <Field id={id('first')} label="First Name" error={errors.firstName?.message}>
          <input id={id('first')} {...register('firstName')} aria-invalid={!!errors.firstName} />
        </Field>
        <Field id={id('last')} label="Last Name" error={errors.lastName?.message}>
          <input id={id('last')} {...register('lastName')} aria-invalid={!!errors.lastName} />
        </Field>
      </div>
    ),
    agency: () => (
      <Field id={id('agency')} label="Agency Name" error={errors.agencyName?.message}>
        <input id={id('agency')} {...register('agencyName')} aria-invalid={!!errors.agencyName} />
      </Field>
    ),
    role: () => (
      <Field id={id('role')} label="Role" error={errors.role?.message}>
        <select id={id('role')} {...register('role')} aria-invalid={!!errors.role}>
          {creating && <option value="">Select a role</option>}
          {ROLE_CHOICES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </Field>
    ),
    contact: () => (
      <div className="adm-row">
        <Field id={id('phone')} label="Phone" error={errors.phone?.message}>
          <input id={id('phone')} type="tel" {...register('phone')} aria-invalid={!!errors.phone} />
        </Field>
        <Field id={id('state')} label={creating ? 'State (optional)' : 'State'} error={errors.state?.message}>
          <UsStateSelect id={id('state')} emptyLabel="No state" {...register('state')} aria-invalid={!!errors.state} />
        </Field>
      </div>
    ),
    type: () => (
      <Field id={id('type')} label="User Type" error={errors.isAdmin?.message}>
        <select id={id('type')} {...register('isAdmin', { setValueAs: (v: unknown) => v === true || v === 'true' })}>
          {USER_TYPE_CHOICES.map((t) => (
            <option key={t.label} value={String(t.isAdmin)}>
              {t.label}
            </option>
          ))}
        </select>
      </Field>
    ),
    price: () => (
      <Field
        id={id('price')}
        label="Live transfer price ($)"
        error={errors.liveTransferPrice?.message}
        hint={`Per transfer, charged on this agent's next orders. Empty: the default, ${formatUsd(LIVE_TRANSFER_DEFAULT_PRICE_CENTS, { cents: true })}.`}
      >
        <input id={id('price')} inputMode="decimal" placeholder="e.g. 29.50" {...register('liveTransferPrice')} aria-invalid={!!errors.liveTransferPrice} />
      </Field>
    ),
  });
  const order = creating ? ['email', 'password', 'names', 'agency', 'role', 'contact', 'type'] : ['names', 'email', 'contact', 'agency', 'role', 'price'];

  return (
    <SidePanel open={creating ? props.open : user !== null} title={creating ? 'Create User' : 'Edit User'} onClose={close}>
      <Form
        key={user ? user.id : `new-${round}`}
        schema={creating ? createFormSchema : editFormSchema}
        defaultValues={(creating || !user ? EMPTY : editFieldsOf(user)) as UserFields}
        onSubmit={(values, form) => save(values, form, false)}
      >
        {(form) => (
          <>
            {order.map((name) => (
              <Fragment key={name}>{fieldsOf(form)[name]!()}</Fragment>
            ))}
            <FormActions
              onCancel={close}
              pending={creating ? create.isPending || emailed.isPending : update.isPending}
              label={creating ? 'Create User' : 'Save Changes'}
              pendingLabel={creating ? 'Creating...' : 'Saving...'}
            >
              {creating && (
                <button
                  type="button"
                  className="btn btn-outline"
                  disabled={create.isPending || emailed.isPending}
                  onClick={() => void form.handleSubmit((values) => save(values, form, true))()}
                >
                  Create and E-mail Link
                </button>
              )}
            </FormActions>
            {creating && <p className="muted small adm-hint">Create and E-mail Link also sends the new user a set-password link (the welcome e-mail).</p>}
          </>
        )}
      </Form>
    </SidePanel>
  );
}
