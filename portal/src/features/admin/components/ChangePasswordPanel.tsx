// Change Password side panel for one user.
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@tm/shared/api-client';
import { changePasswordSchema, type AdminUser, type ChangePasswordInput } from '@tm/shared/schemas/admin';
import { useToast } from '../../../components/toast.tsx';
import { useChangePassword } from '../api/change-password.ts';
import { Field, SidePanel, FormActions } from './ui.tsx';

export function ChangePasswordPanel({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const toast = useToast();
  const mutation = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordInput>({ resolver: zodResolver(changePasswordSchema), defaultValues: { password: '' } });
  useEffect(() => reset({ password: '' }), [user, reset]);

  const onSubmit = handleSubmit(async ({ password }) => {
    if (!user) return;
    try {
      await mutation.mutateAsync({ userId: user.id, password });
      toast({ title: 'Password updated successfully' });
      onClose();
    } catch (err) {
      toast({ title: 'Error', description: err instanceof ApiError ? err.serverMessage : 'Failed to update password', variant: 'destructive' });
    }
  });

  return (
    <SidePanel open={user !== null} title="Change Password" onClose={onClose}>
      {user && (
        <p className="muted">
          For {user.firstName} {user.lastName} ({user.email})
        </p>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Field id="cp-password" label="New Password" error={errors.password?.message}>
          <input id="cp-password" type="password" autoComplete="new-password" {...register('password')} aria-invalid={!!errors.password} />
        </Field>
        <FormActions onCancel={onClose} pending={mutation.isPending} label="Update Password" pendingLabel="Updating..." />
      </form>
    </SidePanel>
  );
}
