// Change Password side panel for one user.
import { changePasswordSchema, type AdminUser } from '@tm/shared/schemas/admin';
import { useToast } from '../../../components/toast.tsx';
import { Field, Form, FormAlert, Input } from '../../../components/ui/form/index.ts';
import { useChangePassword } from '../api/change-password.ts';
import { SidePanel, FormActions } from './ui.tsx';

export function ChangePasswordPanel({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const toast = useToast();
  const mutation = useChangePassword();
  return (
    <SidePanel open={user !== null} title="Change Password" onClose={onClose}>
      {user && (
        <>
          <p className="muted">
            For {user.firstName} {user.lastName} ({user.email})
          </p>
          <Form
            key={user.id}
            schema={changePasswordSchema}
            defaultValues={{ password: '' }}
            fallbackError="Failed to update password"
            onSubmit={async ({ password }) => {
              await mutation.mutateAsync({ userId: user.id, password });
              toast({ title: 'Password updated successfully' });
              onClose();
            }}
          >
            <Field id="cp-password" name="password" label="New Password">
              <Input id="cp-password" name="password" type="password" autoComplete="new-password" />
            </Field>
            <FormAlert />
            <FormActions onCancel={onClose} pending={mutation.isPending} label="Update Password" pendingLabel="Updating..." />
          </Form>
        </>
      )}
    </SidePanel>
  );
}
