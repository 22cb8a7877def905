// Enter a delivered call by hand (a callback that never arrived). The same shared schema as the API
// checks the payload; the agent's balance and the buffer rule apply, the agent's schedule does not.
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '@tm/shared/api-client';
import { UsStateSelect } from '../../../components/UsStateSelect.tsx';
import { manualCallSchema, type ManualCallInput } from '@tm/shared/schemas/transfers';
import { useToast } from '../../../components/toast.tsx';
import { useRecordCall } from '../api/record-call.ts';

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

export function ManualCallForm() {
  const toast = useToast();
  const mutation = useRecordCall();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<FormValues>({ defaultValues: EMPTY });
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const showErrors = (fields: Record<string, string>) => {
    for (const [name, message] of Object.entries(fields)) {
      const field = FIELD_OF[name.split('.')[0]!];
      if (field) setError(field, { message });
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    clearErrors();
    const parsed = manualCallSchema.safeParse(toPayload(values));
    if (!parsed.success) {
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
      showErrors(fields);
      return;
    }
    try {
      const res = await mutation.mutateAsync(toPayload(values));
      const c = res.call;
      toast({
        title: res.duplicate ? 'Call already recorded' : 'Call recorded',
        description: c.billable
          ? `Billable: drew one transfer from order #${c.orderId}. ${res.balanceRemaining} left.`
          : `${c.billingNote ?? 'No charge'}. ${res.balanceRemaining} left.`,
      });
      reset(EMPTY);
    } catch (err) {
      if (err instanceof ApiError && err.fields) showErrors(err.fields);
      toast({
        title: 'Call not recorded',
        description: err instanceof ApiError ? err.serverMessage : 'Something went wrong. Please try again.',
        variant: 'destructive',
      });
    }
  });

  const field = (name: keyof FormValues, label: string, input: ReactNode, hint?: string) => (
    <div className="field">
      <label htmlFor={`mc-${name}`}>{label}</label>
      {input}
      {errors[name] ? <p className="field-error">{errors[name]?.message}</p> : hint ? <p className="muted small">{hint}</p> : null}
    </div>
  );

  return (
    <form className="card xadm-form" onSubmit={onSubmit} noValidate aria-label="Enter a delivered call">
      <p className="muted small">
        For a delivered transfer whose callback never arrived. The buffer rule and the agent's balance apply; the agent's hours, states, daily cap and pause do
        not (the call already happened).
      </p>
      <div className="form-grid">
        {field(
          'agentEmail',
          'Agent email',
          <input id="mc-agentEmail" type="email" autoComplete="off" {...register('agentEmail')} aria-invalid={!!errors.agentEmail} />,
        )}
        {field(
          'callId',
          'Call ID (optional)',
          <input id="mc-callId" {...register('callId')} aria-invalid={!!errors.callId} />,
          "The caller system's id, if known; one is made up otherwise.",
        )}
        {field('callerName', 'Caller name', <input id="mc-callerName" {...register('callerName')} aria-invalid={!!errors.callerName} />)}
        {field('callerPhone', 'Caller phone', <input id="mc-callerPhone" type="tel" {...register('callerPhone')} aria-invalid={!!errors.callerPhone} />)}
        {field('state', 'State', <UsStateSelect id="mc-state" {...register('state')} aria-invalid={!!errors.state} />)}
        {field(
          'startedLocal',
          'Call started',
          <input id="mc-startedLocal" type="datetime-local" step={1} {...register('startedLocal')} aria-invalid={!!errors.startedLocal} />,
          `Your local time (${zone}).`,
        )}
        {field(
          'durationSeconds',
          'Duration (seconds)',
          <input id="mc-durationSeconds" type="number" min={0} {...register('durationSeconds')} aria-invalid={!!errors.durationSeconds} />,
        )}
        {field(
          'recordingUrl',
          'Recording URL (optional)',
          <input id="mc-recordingUrl" type="url" {...register('recordingUrl')} aria-invalid={!!errors.recordingUrl} />,
        )}
      </div>
      {field('transcript', 'Transcript (optional)', <textarea id="mc-transcript" rows={4} {...register('transcript')} aria-invalid={!!errors.transcript} />)}
      <label className="xadm-check">
        <input type="checkbox" {...register('agentHungUpAfterYes')} /> The agent ended the call after the caller said Yes (billable even under the buffer)
      </label>
      <div className="xadm-actions">
        <button type="submit" className="btn" disabled={mutation.isPending}>
          {mutation.isPending ? 'Recording...' : 'Record Call'}
        </button>
      </div>
    </form>
  );
}
