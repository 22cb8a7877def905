// Create Appointment modal: first and last name, phone, e-mail, state, when; for sale in Buy Appointments,
// or assigned straight to one agent (found by e-mail) whose My Appointments then has it.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@tm/shared/api-client';
import { createAppointmentSchema, type CreateAppointmentInput, type CreateAppointmentValues } from '@tm/shared/schemas/admin';
import { useToast } from '../../../components/toast.tsx';
import { useCreateAppointment } from '../api/create-appointment.ts';
import { useSearchUsers } from '../api/search-users.ts';
import { Field, Modal, FormActions, useDebouncedValue } from './ui.tsx';
import { UsStateSelect } from '../../../components/UsStateSelect.tsx';

const EMPTY: CreateAppointmentInput = { firstName: '', lastName: '', phone: '', email: '', state: '', callbackTime: '', agentId: '' };

export function CreateAppointmentModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const mutation = useCreateAppointment();
  const [agentSearch, setAgentSearch] = useState('');
  const agentQ = useDebouncedValue(agentSearch.trim(), 250);
  const agents = useSearchUsers(agentQ, 1, { enabled: agentQ.length >= 2, pageSize: 10, active: true });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CreateAppointmentInput, unknown, CreateAppointmentValues>({ resolver: zodResolver(createAppointmentSchema), defaultValues: EMPTY });
  const close = () => {
    reset(EMPTY);
    setAgentSearch('');
    onClose();
  };
  const onSubmit = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      toast({
        title: 'Appointment created successfully',
        description: values.agentId ? 'It is in the agent’s My Appointments.' : 'It is for sale in Buy Appointments.',
      });
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
          <UsStateSelect id="ca-state" emptyLabel="No state" {...register('state')} aria-invalid={!!errors.state} />
        </Field>
        <Field id="ca-time" label="Appointment time (optional)" error={errors.callbackTime?.message}>
          <input id="ca-time" placeholder="e.g. Tuesday 3pm CST" {...register('callbackTime')} />
        </Field>
        <Field id="ca-agent-search" label="Assign to an agent (optional)" hint="Leave empty to put it up for sale in Buy Appointments.">
          <input
            id="ca-agent-search"
            type="search"
            placeholder="Search agents by e-mail..."
            value={agentSearch}
            onChange={(e) => setAgentSearch(e.target.value)}
          />
        </Field>
        <Field id="ca-agent" label="Agent" error={errors.agentId?.message}>
          <select id="ca-agent" {...register('agentId')}>
            <option value="">Nobody: for sale</option>
            {(agents.data?.items ?? []).map((u) => (
              <option key={u.id} value={u.id}>
                {u.firstName} {u.lastName} ({u.email})
              </option>
            ))}
          </select>
        </Field>
        <FormActions onCancel={close} pending={mutation.isPending} label="Create Appointment" pendingLabel="Creating..." />
      </form>
    </Modal>
  );
}
