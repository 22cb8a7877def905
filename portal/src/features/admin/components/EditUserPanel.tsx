// Edit User side panel: name, e-mail, phone, state, agency, role and the agent's own live-transfer
// price (dollars; empty means the default). Validated with the API's schema; the server's field errors
// are shown on their fields.
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@tm/shared/api-client';
import { LIVE_TRANSFER_DEFAULT_PRICE_CENTS, formatUsd } from '@tm/shared';
import { ROLE_CHOICES, updateUserSchema, type AdminUserAccount, type UpdateUserInput, type UpdateUserValues } from '@tm/shared/schemas/admin';
import { useToast } from '../../../components/toast.tsx';
import { UsStateSelect } from '../../../components/UsStateSelect.tsx';
import { useUpdateUser } from '../api/update-user.ts';
import { Field, SidePanel, FormActions } from './ui.tsx';

interface EditForm {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  state: string;
  agencyName: string;
  role: string;
  liveTransferPrice: string;
}

const formOf = (u: AdminUserAccount): EditForm => ({
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  phone: u.phone,
  state: u.state ?? '',
  agencyName: u.agencyName,
  role: u.role,
  liveTransferPrice: u.liveTransferPriceCents === null ? '' : (u.liveTransferPriceCents / 100).toFixed(2),
});

export function EditUserPanel({ user, onClose }: { user: AdminUserAccount | null; onClose: () => void }) {
  const toast = useToast();
  const mutation = useUpdateUser();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    formState: { errors },
  } = useForm<UpdateUserInput, unknown, UpdateUserValues>({ resolver: zodResolver(updateUserSchema) });

  useEffect(() => {
    if (user) reset(formOf(user) as UpdateUserInput);
  }, [user, reset]);

  const onSubmit = handleSubmit(async () => {
    if (!user) return;
    // The dollars as typed: the server turns them into cents (the resolver's cents are for checking only).
    const input = getValues() as unknown as EditForm;
    try {
      await mutation.mutateAsync({ userId: user.id, input: { ...input, liveTransferPrice: input.liveTransferPrice.trim() || null } as UpdateUserInput });
      toast({ title: 'User updated' });
      onClose();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : undefined;
      for (const [name, message] of Object.entries(fields ?? {})) {
        if (name in formOf(user)) setError(name as keyof UpdateUserInput, { message });
      }
      toast({ title: 'Error', description: err instanceof ApiError ? err.serverMessage : 'Failed to update user', variant: 'destructive' });
    }
  });

  return (
    <SidePanel open={user !== null} title="Edit User" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <div className="adm-row">
          <Field id="eu-first" label="First Name" error={errors.firstName?.message}>
            <input id="eu-first" {...register('firstName')} aria-invalid={!!errors.firstName} />
          </Field>
          <Field id="eu-last" label="Last Name" error={errors.lastName?.message}>
            <input id="eu-last" {...register('lastName')} aria-invalid={!!errors.lastName} />
          </Field>
        </div>
        <Field id="eu-email" label="Email" error={errors.email?.message}>
          <input id="eu-email" type="email" autoComplete="off" {...register('email')} aria-invalid={!!errors.email} />
        </Field>
        <div className="adm-row">
          <Field id="eu-phone" label="Phone" error={errors.phone?.message}>
            <input id="eu-phone" type="tel" {...register('phone')} aria-invalid={!!errors.phone} />
          </Field>
          <Field id="eu-state" label="State" error={errors.state?.message}>
            <UsStateSelect id="eu-state" emptyLabel="No state" {...register('state')} aria-invalid={!!errors.state} />
          </Field>
        </div>
        <Field id="eu-agency" label="Agency Name" error={errors.agencyName?.message}>
          <input id="eu-agency" {...register('agencyName')} aria-invalid={!!errors.agencyName} />
        </Field>
        <Field id="eu-role" label="Role" error={errors.role?.message}>
          <select id="eu-role" {...register('role')} aria-invalid={!!errors.role}>
            {ROLE_CHOICES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="eu-price"
          label="Live transfer price ($)"
          error={errors.liveTransferPrice?.message}
          hint={`Per transfer, charged on this agent's next orders. Empty: the default, ${formatUsd(LIVE_TRANSFER_DEFAULT_PRICE_CENTS, { cents: true })}.`}
        >
          <input id="eu-price" inputMode="decimal" placeholder="e.g. 29.50" {...register('liveTransferPrice')} aria-invalid={!!errors.liveTransferPrice} />
        </Field>
        <FormActions onCancel={onClose} pending={mutation.isPending} label="Save Changes" pendingLabel="Saving..." />
      </form>
    </SidePanel>
  );
}
