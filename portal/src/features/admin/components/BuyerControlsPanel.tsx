// Buyer controls on the admin's user page (issue 36 point 1): pause and resume the buyer's deliveries
// (transfers and assignments; only an admin lifts this pause) and edit the same Transfer Controls the agent
// sees. Saving e-mails the agent what changed and writes the audit log.
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@tm/shared/api-client';
import { US_TIME_ZONES } from '@tm/shared/logic/transfer-rules';
import { transferSettingsSchema, type TransferSettingsInput, type TransferSettingsValues, type TransferSettingsView } from '@tm/shared/schemas/transfers';
import { useToast } from '../../../components/toast.tsx';
import { UsStateChecklist } from '../../../components/UsStateChecklist.tsx';
import { useSaveTransferControls, useTransferControls } from '../api/transfer-controls.ts';
import './admin-console.css';

const FIELDS = ['callsPerDay', 'workingStates', 'hoursStart', 'hoursEnd', 'timeZone', 'paused', 'resumeDate'] as const;

const PAUSE_LABEL: Record<string, string> = {
  admin: 'Paused by an admin',
  agent: 'Paused by the agent',
  no_balance: 'Paused: the transfer balance is empty',
};

function toForm(s: TransferSettingsView): TransferSettingsInput {
  return {
    callsPerDay: s.callsPerDay,
    workingStates: s.workingStates,
    hoursStart: s.hoursStart ?? '',
    hoursEnd: s.hoursEnd ?? '',
    timeZone: s.timeZone,
    paused: s.paused && s.pausedReason === 'admin',
    resumeDate: s.pausedReason === 'admin' ? (s.resumeDate ?? '') : '',
  };
}

function ControlsForm({ userId, settings }: { userId: number; settings: TransferSettingsView }) {
  const toast = useToast();
  const save = useSaveTransferControls(userId);
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    watch,
    formState: { errors, isDirty },
  } = useForm<TransferSettingsInput, unknown, TransferSettingsValues>({ resolver: zodResolver(transferSettingsSchema), defaultValues: toForm(settings) });
  useEffect(() => reset(toForm(settings)), [settings, reset]);
  const paused = watch('paused');
  const zones = US_TIME_ZONES.some((z) => z.id === settings.timeZone) ? US_TIME_ZONES : [{ id: settings.timeZone, label: settings.timeZone }, ...US_TIME_ZONES];

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast({ title: 'Buyer controls saved', description: 'The agent was e-mailed what changed.' });
    } catch (err) {
      for (const [name, message] of Object.entries(err instanceof ApiError ? (err.fields ?? {}) : {})) {
        const field = name.split('.')[0] as (typeof FIELDS)[number];
        if (FIELDS.includes(field)) setError(field, { message });
      }
      toast({
        title: 'Could not save',
        description: err instanceof ApiError ? err.serverMessage : 'Something went wrong. Please try again.',
        variant: 'destructive',
      });
    }
  });

  const status = settings.pausedNow ? (PAUSE_LABEL[settings.pausedReason ?? ''] ?? 'Paused') : 'Receiving deliveries';
  return (
    <form className="card adm-ctl" onSubmit={onSubmit} noValidate aria-labelledby="adm-ctl-title">
      <div className="adm-ctl-head">
        <h3 id="adm-ctl-title">Buyer controls</h3>
        <span className={`adm-badge ${settings.pausedNow ? 'adm-badge-bad' : 'adm-badge-basic'}`} data-testid="buyer-delivery-status">
          {status}
        </span>
      </div>
      <fieldset className="adm-ctl-pause">
        <legend className="sr-only">Deliveries</legend>
        <label className="adm-ctl-check">
          <input
            type="checkbox"
            {...register('paused', {
              onChange: (e: { target: { checked: boolean } }) => {
                if (!e.target.checked) setValue('resumeDate', '');
              },
            })}
          />{' '}
          Pause deliveries (transfers, and assigning leads and appointments)
        </label>
        {paused && (
          <div className="field">
            <label htmlFor="adm-ctl-resume">Resume on (optional)</label>
            <input id="adm-ctl-resume" type="date" {...register('resumeDate')} aria-invalid={!!errors.resumeDate} />
            {errors.resumeDate ? (
              <p className="field-error">{errors.resumeDate.message}</p>
            ) : (
              <p className="muted small">At midnight of this date, the buyer&apos;s time.</p>
            )}
          </div>
        )}
        {settings.pausedNow && settings.pausedReason !== 'admin' && (
          <p className="muted small">Unticked and saved, this lifts the agent&apos;s own pause too.</p>
        )}
      </fieldset>
      <div className="form-grid">
        <div className="field">
          <label htmlFor="adm-ctl-cap">Calls per day</label>
          <input
            id="adm-ctl-cap"
            type="number"
            min={1}
            placeholder="No limit"
            {...register('callsPerDay', { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)) })}
            aria-invalid={!!errors.callsPerDay}
          />
          {errors.callsPerDay ? <p className="field-error">{errors.callsPerDay.message}</p> : <p className="muted small">Today: {settings.callsToday}.</p>}
        </div>
        <div className="field">
          <label htmlFor="adm-ctl-tz">Buyer&apos;s time zone</label>
          <select id="adm-ctl-tz" {...register('timeZone')} aria-invalid={!!errors.timeZone}>
            {zones.map((z) => (
              <option key={z.id} value={z.id}>
                {z.label} ({z.id})
              </option>
            ))}
          </select>
          {errors.timeZone && <p className="field-error">{errors.timeZone.message}</p>}
        </div>
        <div className="field">
          <label htmlFor="adm-ctl-start">Transfer hours from</label>
          <input id="adm-ctl-start" type="time" {...register('hoursStart')} aria-invalid={!!errors.hoursStart} />
          {errors.hoursStart && <p className="field-error">{errors.hoursStart.message}</p>}
        </div>
        <div className="field">
          <label htmlFor="adm-ctl-end">Transfer hours until</label>
          <input id="adm-ctl-end" type="time" {...register('hoursEnd')} aria-invalid={!!errors.hoursEnd} />
          {errors.hoursEnd ? <p className="field-error">{errors.hoursEnd.message}</p> : <p className="muted small">Both blank: any time.</p>}
        </div>
      </div>
      <UsStateChecklist
        id="adm-ctl-workingStates"
        legend="Working states"
        hint="None ticked: every state."
        invalid={!!errors.workingStates}
        registration={register('workingStates')}
      >
        {errors.workingStates && <p className="field-error">{errors.workingStates.message ?? 'Check the working states'}</p>}
      </UsStateChecklist>
      <div className="adm-ctl-actions">
        <button type="button" className="btn btn-outline adm-btn-sm" onClick={() => reset(toForm(settings))} disabled={!isDirty}>
          Undo changes
        </button>
        <button type="submit" className="btn adm-btn-sm" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save buyer controls'}
        </button>
      </div>
    </form>
  );
}

export function BuyerControlsPanel({ userId }: { userId: number }) {
  const q = useTransferControls(userId);
  if (q.isPending) return <p className="muted">Loading buyer controls...</p>;
  if (q.isError || !q.data) {
    return (
      <p className="form-error" role="alert">
        Could not load the buyer controls.
      </p>
    );
  }
  return <ControlsForm userId={userId} settings={q.data} />;
}
