// /ringcloud's step 2, the lead preferences: the lead type with its price, the working states (a choice
// of the 50 states and DC) and the fields of that lead type with the running quote. Loaded when the
// visitor first touches step 1 (with the schemas) and awaited before step 2 shows, so the page's first
// load carries neither the prices nor the state list (the budget of bench/page-weight.ts).
import { useEffect } from 'react';
import { Controller, type DefaultValues, type UseFormRegister } from 'react-hook-form';
import { RINGCLOUD, formatUsd } from '@tm/shared';
import { quoteRingCloud, countProblem, RINGCLOUD_LEAD_TYPES, AGED_LEAD_AGE_RANGES } from '@tm/shared/logic/pricing';
import type { RingcloudStep2, RingcloudStep2Input } from '@tm/shared/schemas/funnel';
import { Field, ErrorText, HydratedFieldset, applyServerFields } from './form-parts.tsx';
import { StateChoice } from './StateChoice.tsx';
import { described } from './aria.ts';
import { useSchemaForm } from '@tm/shared/ui/schema-form.ts';

const loadSchemas = () => import('@tm/shared/schemas/funnel');
const STEP2_FIELDS = [
  'leadType',
  'workingStates',
  'totalTransfers',
  'callsPerDay',
  'transferHours',
  'totalCallbacks',
  'callbackPreference',
  'ageRange',
] as const;
/** Re-checked when the lead type changes after a submit: the field each lead type requires. */
const PRICED_BY_LEAD_TYPE: ('totalTransfers' | 'totalCallbacks' | 'ageRange')[] = ['totalTransfers', 'totalCallbacks', 'ageRange'];

const LEAD_TYPE_PRICE: Record<(typeof RINGCLOUD_LEAD_TYPES)[number], string> = {
  'Live Transfers': `${formatUsd(RINGCLOUD.liveTransferCents)} per transfer`,
  'Call-Backs': `${formatUsd(RINGCLOUD.callbackCents)} per call-back`,
  'Aged Leads': `from ${formatUsd(Math.min(...Object.values(RINGCLOUD.agedLeadCents)))} per lead, ${RINGCLOUD.agedLeadQuantity} leads`,
};

/** A package's count (transfers or call-backs): a whole number within RingCloud's bounds. */
function PackageCount({
  id,
  label,
  register,
  error,
}: {
  id: 'totalTransfers' | 'totalCallbacks';
  label: string;
  register: UseFormRegister<RingcloudStep2Input>;
  error?: { message?: string };
}) {
  return (
    <Field id={id} label={label} error={error}>
      <input type="number" inputMode="numeric" min={RINGCLOUD.minCount} max={RINGCLOUD.maxCount} step={1} {...register(id)} {...described(id, error)} />
    </Field>
  );
}

export default function Step2({
  defaults,
  busy,
  onBack,
  onSubmit,
  serverFields,
}: {
  defaults: DefaultValues<RingcloudStep2Input>;
  busy: boolean;
  onBack: (raw: RingcloudStep2Input) => void;
  onSubmit: (v: RingcloudStep2, raw: RingcloudStep2Input) => void;
  serverFields?: Record<string, string>;
}) {
  const {
    register,
    control,
    setError,
    getValues,
    watch,
    submit,
    preload,
    formState: { errors },
  } = useSchemaForm<RingcloudStep2Input, RingcloudStep2>(() => loadSchemas().then((m) => m.ringcloudStep2Schema), defaults);
  useEffect(() => {
    applyServerFields(serverFields, STEP2_FIELDS, setError);
  }, [serverFields, setError]);
  const values = watch();
  const leadType = (values.leadType ?? undefined) as (typeof RINGCLOUD_LEAD_TYPES)[number] | undefined;
  const rawCount = String((leadType === 'Call-Backs' ? values.totalCallbacks : values.totalTransfers) ?? '');
  const count = rawCount.trim() === '' ? Number.NaN : Number(rawCount);
  const quote = leadType ? quoteRingCloud({ leadType, count, ageRange: (values.ageRange as (typeof AGED_LEAD_AGE_RANGES)[number]) || null }) : null;
  // A whole count out of range still shows what it would cost, beside the reason.
  const word = leadType === 'Call-Backs' ? 'call-back' : 'transfer';
  const unitCents = leadType === 'Call-Backs' ? RINGCLOUD.callbackCents : RINGCLOUD.liveTransferCents;
  const outOfRange =
    leadType && leadType !== 'Aged Leads' && Number.isInteger(count) && count > 0 ? countProblem(count, RINGCLOUD.minCount, RINGCLOUD.maxCount, word) : null;

  const submitStep2 = submit((v) => onSubmit(v, getValues()));

  return (
    <form onSubmit={(e) => void submitStep2(e)} onFocus={() => void preload()} noValidate aria-labelledby="step2-title">
      <HydratedFieldset>
        <h2 id="step2-title">Lead preferences</h2>
        <fieldset aria-describedby={errors.leadType ? 'leadType-error' : undefined}>
          <legend>Lead type</legend>
          <div className="choices">
            {RINGCLOUD_LEAD_TYPES.map((t) => (
              <label className="choice" key={t}>
                <input type="radio" value={t} {...register('leadType', { deps: PRICED_BY_LEAD_TYPE })} aria-invalid={errors.leadType ? true : undefined} />
                <span>
                  {t}
                  <span className="muted small" style={{ display: 'block' }}>
                    {LEAD_TYPE_PRICE[t]}
                  </span>
                </span>
              </label>
            ))}
          </div>
          <ErrorText id="leadType" error={errors.leadType} />
        </fieldset>
        <Controller name="workingStates" control={control} render={({ field }) => <StateChoice field={field} error={errors.workingStates} />} />

        {leadType === 'Live Transfers' && (
          <>
            <div className="form-row">
              <PackageCount id="totalTransfers" label="Total transfers" register={register} error={errors.totalTransfers} />
              <Field id="callsPerDay" label="Calls per day (optional)" error={errors.callsPerDay}>
                <input type="number" inputMode="numeric" min={1} step={1} {...register('callsPerDay')} {...described('callsPerDay', errors.callsPerDay)} />
              </Field>
            </div>
            <Field id="transferHours" label="Transfer hours (optional)" error={errors.transferHours} hint="e.g. Mon-Fri 9am-5pm Central">
              <input {...register('transferHours')} {...described('transferHours', errors.transferHours, true)} />
            </Field>
          </>
        )}
        {leadType === 'Call-Backs' && (
          <div className="form-row">
            <PackageCount id="totalCallbacks" label="Total call-backs" register={register} error={errors.totalCallbacks} />
            <Field id="callbackPreference" label="Call-back preference (optional)" error={errors.callbackPreference} hint="e.g. mornings, or within 1 hour">
              <input {...register('callbackPreference')} {...described('callbackPreference', errors.callbackPreference, true)} />
            </Field>
          </div>
        )}
        {leadType === 'Aged Leads' && (
          <Field id="ageRange" label="Lead age" error={errors.ageRange} hint={`A package of ${RINGCLOUD.agedLeadQuantity} aged leads.`}>
            <select {...register('ageRange')} {...described('ageRange', errors.ageRange, true)}>
              <option value="">Select an age range</option>
              {AGED_LEAD_AGE_RANGES.map((r) => (
                <option key={r} value={r}>
                  {r} days: {formatUsd(RINGCLOUD.agedLeadCents[r])} per lead
                </option>
              ))}
            </select>
          </Field>
        )}

        {quote?.ok && (
          <p className="notice notice-info" aria-live="polite" data-testid="survey-estimate">
            Your package: {quote.count} × {formatUsd(quote.unitPriceCents)} = <strong>{formatUsd(quote.amountCents)}</strong>
          </p>
        )}
        {outOfRange && (
          <p className="notice notice-warn" aria-live="polite" data-testid="survey-estimate">
            {count.toLocaleString('en-US')} × {formatUsd(unitCents)} = <strong>{formatUsd(count * unitCents)}</strong>. {outOfRange}
          </p>
        )}

        <div className="form-actions">
          <button className="btn btn-outline" type="button" onClick={() => onBack(getValues())} disabled={busy}>
            Back
          </button>
          <button className="btn btn-lg" type="submit" disabled={busy} aria-busy={busy}>
            {busy ? 'Submitting...' : 'Continue to Checkout'}
          </button>
        </div>
      </HydratedFieldset>
    </form>
  );
}
