// Enter a delivered call by hand (a callback that never arrived). The same shared schema as the API
// checks the payload; the agent's balance and the buffer rule apply, the agent's schedule does not.
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '@tm/shared/api-client';
import { UsStateSelect } from '../../../components/UsStateSelect.tsx';
import { manualCallSchema, type ManualCallInput } from '@tm/shared/schemas/transfers';
import { useToast } from '../../../components/toast.tsx';
import { useRecordCall } from '../api/record-call.ts';
import { applyServerRefusal, Form, Input, Textarea, useFieldError, type FormMethods } from '../../../components/ui/form/index.ts';

interface FormValues {
  agentEmail: string;
  callerName: string;
  callerPhone: string;
  state: string;
  startedLocal: string;
  durationSeconds: string;
  recordingUrl: string;
  transcript: string;
  callId: string;
  agentHungUpAfterYes: boolean;
}
const EMPTY: FormValues = {
  agentEmail: '',
  callerName: '',
  callerPhone: '',
  state: '',
  startedLocal: '',
  durationSeconds: '',
  recordingUrl: '',
  transcript: '',
  callId: '',
  agentHungUpAfterYes: false,
};

/** Which form field a payload error belongs to. */
const FIELD_OF: Record<string, keyof FormValues> = {
  agentId: 'agentEmail',
  agentEmail: 'agentEmail',
  callerName: 'callerName',
  callerPhone: 'callerPhone',
  state: 'state',
  startedAt: 'startedLocal',
  endedAt: 'startedLocal',
  durationSeconds: 'durationSeconds',
  recordingUrl: 'recordingUrl',
  transcript: 'transcript',
  callId: 'callId',
};

/** Renames the payload's keys in a refusal to the form's fields (startedAt: the start typed). */
function onFormFields(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, message] of Object.entries(fields)) {
    const field = FIELD_OF[name.split('.')[0]!];
    if (field && !(field in out)) out[field] = message;
  }
  return out;
}

function toPayload(v: FormValues): ManualCallInput {
  const start = new Date(v.startedLocal);
  const duration = v.durationSeconds.trim() === '' ? Number.NaN : Number(v.durationSeconds);
  const valid = !Number.isNaN(start.getTime());
  return {
    agentEmail: v.agentEmail,
    callerName: v.callerName,
    callerPhone: v.callerPhone,
    state: v.state,
    startedAt: valid ? start.toISOString() : '',
    endedAt: valid && Number.isFinite(duration) ? new Date(start.getTime() + duration * 1000).toISOString() : '',
    durationSeconds: duration,
    recordingUrl: v.recordingUrl,
    transcript: v.transcript,
    callId: v.callId,
    agentHungUpAfterYes: v.agentHungUpAfterYes,
  };
}

/** The typed call, read into the API's payload and checked by the API's own schema (its messages put on the typed fields). */
const manualCallFormSchema = z
  .object({
    agentEmail: z.string(),
    callerName: z.string(),
    callerPhone: z.string(),
    state: z.string(),
    startedLocal: z.string(),
    durationSeconds: z.string(),
    recordingUrl: z.string(),
    transcript: z.string(),
    callId: z.string(),
    agentHungUpAfterYes: z.boolean(),
  })
  .transform((values, ctx) => {
    const parsed = manualCallSchema.safeParse(toPayload(values));
    // Checked, the payload is sent as built (the API parses it again), as before the form pattern.
    if (parsed.success) return toPayload(values);
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (!(key in fields))
        fields[key] =
          key === 'startedAt' || key === 'endedAt'
            ? 'Enter when the call started'
            : key === 'durationSeconds' && Number.isNaN(Number(values.durationSeconds))
              ? 'Enter the duration in seconds'
              : issue.message;
    }
    for (const [field, message] of Object.entries(onFormFields(fields))) ctx.addIssue({ code: 'custom', path: [field], message });
    return z.NEVER;
  });

function Hinted({ name, label, hint, children }: { name: keyof FormValues; label: string; hint?: string; children: ReactNode }) {
  const error = useFieldError(name);
  return (
    <div className="field">
      <label htmlFor={`mc-${name}`}>{label}</label>
      {children}
      {error ? <p className="field-error">{error}</p> : hint ? <p className="muted small">{hint}</p> : null}
    </div>
  );
}

export function ManualCallForm() {
  const toast = useToast();
  const mutation = useRecordCall();
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const onSubmit = async (payload: ManualCallInput, form: FormMethods<FormValues, ManualCallInput>) => {
    try {
      const res = await mutation.mutateAsync(payload);
      const c = res.call;
      toast({
        title: res.duplicate ? 'Call already recorded' : 'Call recorded',
        description: c.billable
          ? `Billable: drew one transfer from order #${c.orderId}. ${res.balanceRemaining} left.`
          : `${c.billingNote ?? 'No charge'}. ${res.balanceRemaining} left.`,
      });
      form.reset(EMPTY);
    } catch (err) {
      // The fields the API names go under the typed fields; the refusal itself is a toast (admin screens).
      if (err instanceof ApiError && err.fields)
        applyServerRefusal(form, new ApiError(err.message, err.status, { error: err.serverMessage, fields: onFormFields(err.fields) }), err.serverMessage);
      toast({
        title: 'Call not recorded',
        description: err instanceof ApiError ? err.serverMessage : 'Something went wrong. Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <Form schema={manualCallFormSchema} defaultValues={EMPTY} onSubmit={onSubmit} className="card xadm-form" aria-label="Enter a delivered call">
      <p className="muted small">
        For a delivered transfer whose callback never arrived. The buffer rule and the agent's balance apply; the agent's hours, states, daily cap and pause do
        not (the call already happened).
      </p>
      <div className="form-grid">
        <Hinted name="agentEmail" label="Agent email">
          <Input name="agentEmail" id="mc-agentEmail" type="email" autoComplete="off" />
        </Hinted>
        <Hinted name="callId" label="Call ID (optional)" hint="The caller system's id, if known; one is made up otherwise.">
          <Input name="callId" id="mc-callId" />
        </Hinted>
        <Hinted name="callerName" label="Caller name">
          <Input name="callerName" id="mc-callerName" />
        </Hinted>
        <Hinted name="callerPhone" label="Caller phone">
          <Input name="callerPhone" id="mc-callerPhone" type="tel" />
        </Hinted>
        <Hinted name="state" label="State">
          <StateSelect />
        </Hinted>
        <Hinted name="startedLocal" label="Call started" hint={`Your local time (${zone}).`}>
          <Input name="startedLocal" id="mc-startedLocal" type="datetime-local" step={1} />
        </Hinted>
        <Hinted name="durationSeconds" label="Duration (seconds)">
          <Input name="durationSeconds" id="mc-durationSeconds" type="number" min={0} />
        </Hinted>
        <Hinted name="recordingUrl" label="Recording URL (optional)">
          <Input name="recordingUrl" id="mc-recordingUrl" type="url" />
        </Hinted>
      </div>
      <Hinted name="transcript" label="Transcript (optional)">
        <Textarea name="transcript" id="mc-transcript" rows={4} />
      </Hinted>
      <label className="xadm-check">
        <Input name="agentHungUpAfterYes" id="mc-agentHungUpAfterYes" type="checkbox" /> The agent ended the call after the caller said Yes (billable even under
        the buffer)
      </label>
      <div className="xadm-actions">
        <button type="submit" className="btn" disabled={mutation.isPending}>
          {mutation.isPending ? 'Recording...' : 'Record Call'}
        </button>
      </div>
    </Form>
  );
}

/** The shared state picker, registered on the form. */
function StateSelect() {
  const { register } = useFormContext<FormValues>();
  const error = useFieldError('state');
  return <UsStateSelect id="mc-state" {...register('state')} aria-invalid={!!error} />;
}
