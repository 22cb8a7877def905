// /agentleadlab: agency registration for live transfers. Sends the survey payload of
// docs/product/funnel.md#agent-lab-registration to POST /api/survey (the server derives the username and generates the password).
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { api, ApiError } from '@tm/shared/api-client';
import {
  agentLabFormSchema,
  agentLabPayload,
  CALL_METHODS,
  CALL_METHOD_LABELS,
  type AgentLabFormInput,
  type AgentLabForm as AgentLabValues,
} from '@tm/shared/schemas/funnel';
import { toast } from '../stores/toast.ts';
import { Field, ErrorText, NameRow, PhoneEmailRow, described, applyServerFields, HydratedFieldset } from './form-parts.tsx';
import { withAttribution } from '../scripts/attribution.ts';

export const AGENT_LAB_FAILED = 'Failed to submit form. Please try again.';
const FIELD_NAMES = ['agencyName', 'firstName', 'lastName', 'phone', 'email', 'totalTransfers', 'transfersPerDay', 'callMethod'] as const;

export default function AgentLabForm() {
  const [busy, setBusy] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AgentLabFormInput, unknown, AgentLabValues>({
    resolver: zodResolver(agentLabFormSchema),
    defaultValues: { agencyName: '', firstName: '', lastName: '', phone: '', email: '', totalTransfers: '', transfersPerDay: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setBusy(true);
    try {
      await api.requestJson('POST', '/api/survey', withAttribution(agentLabPayload(values)));
      window.location.assign('/agentleadlab-success');
    } catch (err) {
      const message = err instanceof ApiError ? err.serverMessage : AGENT_LAB_FAILED;
      if (err instanceof ApiError) applyServerFields(err.fields, FIELD_NAMES, setError, { callbackPreference: 'callMethod' });
      toast({ title: 'Error', description: message || AGENT_LAB_FAILED, variant: 'destructive' });
      setBusy(false);
    }
  });

  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-labelledby="lab-form-title">
      <HydratedFieldset>
        <h2 id="lab-form-title">Agency registration</h2>
        <Field id="agencyName" label="Agency name" error={errors.agencyName}>
          <input {...register('agencyName')} {...described('agencyName', errors.agencyName)} autoComplete="organization" />
        </Field>
        <NameRow firstName={register('firstName')} lastName={register('lastName')} errors={errors} />
        <PhoneEmailRow phone={register('phone')} email={register('email')} errors={errors} />
        <div className="form-row">
          <Field id="totalTransfers" label="Total transfers" error={errors.totalTransfers} hint="How many live transfers you want in total.">
            <input type="number" inputMode="numeric" min={1} {...register('totalTransfers')} {...described('totalTransfers', errors.totalTransfers, true)} />
          </Field>
          <Field id="transfersPerDay" label="Transfers per day" error={errors.transfersPerDay} hint="How many your agency can take each day.">
            <input type="number" inputMode="numeric" min={1} {...register('transfersPerDay')} {...described('transfersPerDay', errors.transfersPerDay, true)} />
          </Field>
        </div>
        <fieldset aria-describedby={errors.callMethod ? 'callMethod-error' : undefined}>
          <legend>How would you like to accept calls?</legend>
          <div className="choices">
            {CALL_METHODS.map((m) => (
              <label className="choice" key={m}>
                <input type="radio" value={m} {...register('callMethod')} aria-invalid={errors.callMethod ? true : undefined} />
                {CALL_METHOD_LABELS[m]}
              </label>
            ))}
          </div>
          <ErrorText id="callMethod" error={errors.callMethod} />
        </fieldset>
        <button className="btn btn-lg btn-block" type="submit" disabled={busy} aria-busy={busy}>
          {busy ? 'Submitting...' : 'Submit Registration'}
        </button>
        <p className="muted small" style={{ marginTop: '0.75rem' }}>
          We create your account and e-mail you a link to set your password. No payment is taken here.
        </p>
      </HydratedFieldset>
    </form>
  );
}
