// Transfer controls: calls per day, working states, transfer hours on the agent's own clock, the phone
// transfers ring, and a pause with an optional resume date. The caller system is refused calls outside them.
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@tm/shared/api-client';
import { US_TIME_ZONES } from '@tm/shared/logic/transfer-rules';
import { transferSettingsSchema, type TransferSettingsInput, type TransferSettingsValues, type TransferSettingsView } from '@tm/shared/schemas/transfers';
import { useToast } from '../../../components/toast.tsx';
import { UsStateChecklist } from '../../../components/UsStateChecklist.tsx';
import { useTransferSettings } from '../../../lib/get-settings.ts';
import { useUpdateSettings } from '../api/update-settings.ts';

const FIELDS = ['callsPerDay', 'workingStates', 'hoursStart', 'hoursEnd', 'timeZone', 'paused', 'resumeDate', 'deliveryPhone'] as const;

function toForm(s: TransferSettingsView): TransferSettingsInput {
  return {
    callsPerDay: s.callsPerDay,
    workingStates: s.workingStates,
    hoursStart: s.hoursStart ?? '',
    hoursEnd: s.hoursEnd ?? '',
    timeZone: s.timeZone,
    paused: s.paused && s.pausedReason === 'agent',
    resumeDate: s.resumeDate ?? '',
    deliveryPhone: s.deliveryPhone ?? '',
  };
}

function SettingsForm({ settings }: { settings: TransferSettingsView }) {
  const toast = useToast();
  const mutation = useUpdateSettings();
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    watch,
    formState: { errors, isDirty },
  } = useForm<TransferSettingsInput, unknown, TransferSettingsValues>({
    resolver: zodResolver(transferSettingsSchema),
    defaultValues: toForm(settings),
  });
  useEffect(() => reset(toForm(settings)), [settings, reset]);
  const paused = watch('paused');
  const zones = US_TIME_ZONES.some((z) => z.id === settings.timeZone) ? US_TIME_ZONES : [{ id: settings.timeZone, label: settings.timeZone }, ...US_TIME_ZONES];

  const onSubmit = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      toast({ title: 'Transfer controls saved' });
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

  return (
    <form className="card xfer-settings" onSubmit={onSubmit} noValidate aria-label="Transfer controls">
      <div className="form-grid">
        <div className="field">
          <label htmlFor="xs-cap">Calls per day</label>
          <input
            id="xs-cap"
            type="number"
            min={1}
            placeholder="No limit"
            {...register('callsPerDay', { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)) })}
            aria-invalid={!!errors.callsPerDay}
          />
          {errors.callsPerDay ? (
            <p className="field-error">{errors.callsPerDay.message}</p>
          ) : (
            <p className="muted small">Leave blank for no limit. Every delivered call counts. Today: {settings.callsToday}.</p>
          )}
        </div>
        <div className="field">
          <label htmlFor="xs-tz">Your time zone</label>
          <select id="xs-tz" {...register('timeZone')} aria-invalid={!!errors.timeZone}>
            {zones.map((z) => (
              <option key={z.id} value={z.id}>
                {z.label} ({z.id})
              </option>
            ))}
          </select>
          {errors.timeZone && <p className="field-error">{errors.timeZone.message}</p>}
        </div>
        <div className="field">
          <label htmlFor="xs-start">Transfer hours from</label>
          <input id="xs-start" type="time" {...register('hoursStart')} aria-invalid={!!errors.hoursStart} />
          {errors.hoursStart && <p className="field-error">{errors.hoursStart.message}</p>}
        </div>
        <div className="field">
          <label htmlFor="xs-end">Transfer hours until</label>
          <input id="xs-end" type="time" {...register('hoursEnd')} aria-invalid={!!errors.hoursEnd} />
          {errors.hoursEnd ? (
            <p className="field-error">{errors.hoursEnd.message}</p>
          ) : (
            <p className="muted small">Leave both blank to take calls at any time.</p>
          )}
        </div>
        <div className="field">
          <label htmlFor="xs-phone">Delivery phone</label>
          <input id="xs-phone" type="tel" autoComplete="tel" {...register('deliveryPhone')} aria-invalid={!!errors.deliveryPhone} />
          {errors.deliveryPhone ? (
            <p className="field-error">{errors.deliveryPhone.message}</p>
          ) : (
            <p className="muted small">The number your live transfers ring. Leave blank to use your account phone.</p>
          )}
        </div>
      </div>

      <div className="xfer-fieldset">
        <UsStateChecklist
          id="xs-workingStates"
          legend="Working states"
          hint="Tick the states you take calls from. None ticked: every state."
          invalid={!!errors.workingStates}
          describedBy={errors.workingStates ? 'xs-workingStates-error' : undefined}
          registration={register('workingStates')}
        >
          {errors.workingStates && (
            <p className="field-error" id="xs-workingStates-error">
              {errors.workingStates.message ?? 'Check the working states'}
            </p>
          )}
        </UsStateChecklist>
      </div>

      <fieldset className="xfer-fieldset">
        <legend>Pause</legend>
        <label className="xfer-check">
          <input
            type="checkbox"
            {...register('paused', {
              onChange: (e: { target: { checked: boolean } }) => {
                if (!e.target.checked) setValue('resumeDate', '');
              },
            })}
          />{' '}
          Pause transfers
        </label>
        {paused && (
          <div className="field xfer-resume">
            <label htmlFor="xs-resume">Resume on (optional)</label>
            <input id="xs-resume" type="date" {...register('resumeDate')} aria-invalid={!!errors.resumeDate} />
            {errors.resumeDate ? (
              <p className="field-error">{errors.resumeDate.message}</p>
            ) : (
              <p className="muted small">Transfers start again at midnight of this date, your time.</p>
            )}
          </div>
        )}
        {settings.pausedReason === 'admin' && settings.pausedNow && (
          <p className="muted small">Deliveries are paused by TransferLine. Contact support to resume them.</p>
        )}
        {settings.pausedReason === 'no_balance' && settings.pausedNow && (
          <p className="muted small">Transfers are also paused because your balance is empty.</p>
        )}
      </fieldset>

      <div className="xfer-actions">
        <button type="button" className="btn btn-outline" onClick={() => reset(toForm(settings))} disabled={!isDirty}>
          Undo changes
        </button>
        <button type="submit" className="btn" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving...' : 'Save Controls'}
        </button>
      </div>
    </form>
  );
}

export function SettingsSection() {
  const { data, isPending, isError } = useTransferSettings();
  return (
    <section className="xfer-section" aria-labelledby="xfer-settings-h">
      <div className="xfer-section-head">
        <h2 id="xfer-settings-h">Transfer controls</h2>
      </div>
      {isPending && <p className="muted">Loading...</p>}
      {isError && (
        <p className="form-error" role="alert">
          Could not load your controls.
        </p>
      )}
      {data && <SettingsForm settings={data} />}
    </section>
  );
}
