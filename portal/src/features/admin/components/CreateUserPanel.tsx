// Create User side panel: the account form of docs/product/portal.md#admin-panel, role choices and user type.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@tm/shared/api-client';
import { ROLE_CHOICES, USER_TYPE_CHOICES, createUserSchema, type CreateUserInput, type CreateUserValues } from '@tm/shared/schemas/admin';
import { useToast } from '../../../components/toast.tsx';
import { useCreateUser } from '../api/create-user.ts';
import { UsStateSelect } from '../../../components/UsStateSelect.tsx';
import { Field, SidePanel, FormActions } from './ui.tsx';

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

export function CreateUserPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const mutation = useCreateUser();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CreateUserInput, unknown, CreateUserValues>({ resolver: zodResolver(createUserSchema), defaultValues: EMPTY });

  const close = () => {
    reset(EMPTY);
    onClose();
  };
  const onSubmit = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      toast({ title: 'User created successfully' });
      close();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : undefined;
      for (const [name, message] of Object.entries(fields ?? {})) {
        if (name in EMPTY) setError(name as keyof CreateUserInput, { message });
      }
      toast({ title: 'Error', description: err instanceof ApiError ? err.serverMessage : 'Failed to create user', variant: 'destructive' });
    }
  });

  return (
    <SidePanel open={open} title="Create User" onClose={close}>
      <form onSubmit={onSubmit} noValidate>
        <Field id="cu-email" label="Email" error={errors.email?.message}>
          <input id="cu-email" type="email" autoComplete="off" {...register('email')} aria-invalid={!!errors.email} />
        </Field>
        <Field id="cu-password" label="Password" error={errors.password?.message}>
          <input id="cu-password" type="password" autoComplete="new-password" {...register('password')} aria-invalid={!!errors.password} />
        </Field>
        <div className="adm-row">
          <Field id="cu-first" label="First Name" error={errors.firstName?.message}>
            <input id="cu-first" {...register('firstName')} aria-invalid={!!errors.firstName} />
          </Field>
          <Field id="cu-last" label="Last Name" error={errors.lastName?.message}>
            <input id="cu-last" {...register('lastName')} aria-invalid={!!errors.lastName} />
          </Field>
        </div>
        <Field id="cu-agency" label="Agency Name" error={errors.agencyName?.message}>
          <input id="cu-agency" {...register('agencyName')} aria-invalid={!!errors.agencyName} />
        </Field>
        <Field id="cu-role" label="Role" error={errors.role?.message}>
          <select id="cu-role" {...register('role')} aria-invalid={!!errors.role}>
            <option value="">Select a role</option>
            {ROLE_CHOICES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </Field>
        <div className="adm-row">
          <Field id="cu-phone" label="Phone" error={errors.phone?.message}>
            <input id="cu-phone" type="tel" {...register('phone')} aria-invalid={!!errors.phone} />
          </Field>
          <Field id="cu-state" label="State (optional)" error={errors.state?.message}>
            <UsStateSelect id="cu-state" emptyLabel="No state" {...register('state')} aria-invalid={!!errors.state} />
          </Field>
        </div>
        <Field id="cu-type" label="User Type" error={errors.isAdmin?.message}>
          <select id="cu-type" {...register('isAdmin', { setValueAs: (v: unknown) => v === true || v === 'true' })}>
            {USER_TYPE_CHOICES.map((t) => (
              <option key={t.label} value={String(t.isAdmin)}>
                {t.label}
              </option>
            ))}
          </select>
        </Field>
        <FormActions onCancel={close} pending={mutation.isPending} label="Create User" pendingLabel="Creating..." />
      </form>
    </SidePanel>
  );
}
