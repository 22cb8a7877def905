// Create Appointment modal: first and last name, phone, e-mail, state.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@tm/shared/api-client';
import { createAppointmentSchema, type CreateAppointmentInput, type CreateAppointmentValues } from '@tm/shared/schemas/admin';
import { useToast } from '../../../components/toast.tsx';
import { useCreateAppointment } from '../api/create-appointment.ts';
import { Field, Modal, FormActions } from './ui.tsx';

const EMPTY: CreateAppointmentInput = { firstName: '', lastName: '', phone: '', email: '', state: '' };

export function CreateAppointmentModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const mutation = useCreateAppointment();
  const { register, handleSubmit, reset, formState: { errors } } = useForm<CreateAppointmentInput, unknown, CreateAppointmentValues>({ resolver: zodResolver(createAppointmentSchema), defaultValues: EMPTY });
  const close = () => {
    reset(EMPTY);
    onClose();
  };
  const onSubmit = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      toast({ title: 'Appointment created successfully' });
      close();
    } catch (err) {
      toast({ title: 'Error', description: err instanceof ApiError ? err.serverMessage : 'Failed to create appointment', variant: 'destructive' });
    }
  });

  return (
    <Modal open={open} title="Create Appointment" onClose={close}>
      <form onSubmit={onSubmit} noValidate>
        <div className="adm-row">
          <Field id="ca-first" label="First Name" error={errors.firstName?.message}>
            <input id="ca-first" {...register('firstName')} aria-invalid={!!errors.firstName} />
          </Field>
          <Field id="ca-last" label="Last Name" error={errors.lastName?.message}>
            <input id="ca-last" {...register('lastName')} aria-invalid={!!errors.lastName} />
          </Field>
        </div>
        <Field id="ca-phone" label="Phone" error={errors.phone?.message}>
          <input id="ca-phone" type="tel" {...register('phone')} aria-invalid={!!errors.phone} />
        </Field>
        <Field id="ca-email" label="Email" error={errors.email?.message}>
          <input id="ca-email" type="email" {...register('email')} aria-invalid={!!errors.email} />
        </Field>
        <Field id="ca-state" label="State" error={errors.state?.message}>
          <input id="ca-state" {...register('state')} />
        </Field>
        <FormActions onCancel={close} pending={mutation.isPending} label="Create Appointment" pendingLabel="Creating..." />
      </form>
    </Modal>
  );
}
