// Create Appointment modal: first and last name, phone, e-mail, state, when; for sale in Buy Appointments,
// or assigned straight to one agent (found by e-mail) whose My Appointments then has it.
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { createAppointmentSchema, type CreateAppointmentInput } from '@tm/shared/schemas/admin';
import { useToast } from '../../../components/toast.tsx';
import { Field as FormField, Form, FormAlert, Input, Select, useFieldError } from '../../../components/ui/form/index.ts';
import { useCreateAppointment } from '../api/create-appointment.ts';
import { useSearchUsers } from '../api/search-users.ts';
import { Field, Modal, FormActions, useDebouncedValue } from './ui.tsx';
import { UsStateSelect } from '../../../components/UsStateSelect.tsx';

const EMPTY: CreateAppointmentInput = { firstName: '', lastName: '', phone: '', email: '', state: '', callbackTime: '', agentId: '' };

function StateField() {
  const { register } = useFormContext<CreateAppointmentInput>();
  return (
    <FormField id="ca-state" name="state" label="State">
      <UsStateSelect id="ca-state" emptyLabel="No state" {...register('state')} aria-invalid={!!useFieldError('state')} />
    </FormField>
  );
}

export function CreateAppointmentModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const mutation = useCreateAppointment();
  const [agentSearch, setAgentSearch] = useState('');
  // A new key empties the form when the modal closes.
  const [round, setRound] = useState(0);
  const agentQ = useDebouncedValue(agentSearch.trim(), 250);
  const agents = useSearchUsers(agentQ, 1, { enabled: agentQ.length >= 2, pageSize: 10, active: true });
  const close = () => {
    setRound((r) => r + 1);
    setAgentSearch('');
    onClose();
  };

  return (
    <Modal open={open} title="Create Appointment" onClose={close}>
      <Form
        key={round}
        schema={createAppointmentSchema}
        defaultValues={EMPTY}
        fallbackError="Failed to create appointment"
        onSubmit={async (values) => {
          await mutation.mutateAsync(values);
          toast({
            title: 'Appointment created successfully',
            description: values.agentId ? 'It is in the agent’s My Appointments.' : 'It is for sale in Buy Appointments.',
          });
          close();
        }}
      >
        <>
          <div className="adm-row">
            <FormField id="ca-first" name="firstName" label="First Name">
              <Input id="ca-first" name="firstName" />
            </FormField>
            <FormField id="ca-last" name="lastName" label="Last Name">
              <Input id="ca-last" name="lastName" />
            </FormField>
          </div>
          <FormField id="ca-phone" name="phone" label="Phone">
            <Input id="ca-phone" name="phone" type="tel" />
          </FormField>
          <FormField id="ca-email" name="email" label="Email">
            <Input id="ca-email" name="email" type="email" />
          </FormField>
          <StateField />
          <FormField id="ca-time" name="callbackTime" label="Appointment time (optional)">
            <Input id="ca-time" name="callbackTime" placeholder="e.g. Tuesday 3pm CST" />
          </FormField>
          <Field id="ca-agent-search" label="Assign to an agent (optional)" hint="Leave empty to put it up for sale in Buy Appointments.">
            <input
              id="ca-agent-search"
              type="search"
              placeholder="Search agents by e-mail..."
              value={agentSearch}
              onChange={(e) => setAgentSearch(e.target.value)}
            />
          </Field>
          <FormField id="ca-agent" name="agentId" label="Agent">
            <Select id="ca-agent" name="agentId">
              <option value="">Nobody: for sale</option>
              {(agents.data?.items ?? []).map((u) => (
                <option key={u.id} value={u.id}>
                  {u.firstName} {u.lastName} ({u.email})
                </option>
              ))}
            </Select>
          </FormField>
          <FormAlert />
          <FormActions onCancel={close} pending={mutation.isPending} label="Create Appointment" pendingLabel="Creating..." />
        </>
      </Form>
    </Modal>
  );
}
