// /ringcloud: the RingCloud sub-offer's two-step survey. Step 1 is the agent's information, step 2
// the lead preferences (fields depend on the lead type). Submitting creates the account (server side),
// saves the survey (without the password) for /ringcloud-checkout and goes there.
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { api, ApiError } from '@tm/shared/api-client';
import { RINGCLOUD, formatUsd } from '@tm/shared';
import { quoteRingCloud } from '@tm/shared/logic/pricing';
import {
  ringcloudStep1Schema,
  ringcloudStep2Schema,
  RINGCLOUD_ROLES,
  RINGCLOUD_LEAD_TYPES,
  AGED_LEAD_AGE_RANGES,
  RINGCLOUD_SALESPERSON,
  type RingcloudStep1Input,
  type RingcloudStep1,
  type RingcloudStep2Input,
  type RingcloudStep2,
  type RingcloudSurveyResponse,
} from '@tm/shared/schemas/funnel';
import { saveRingcloudSurvey, type SavedRingcloudSurvey } from './ringcloud-storage.ts';
import { toast } from '../stores/toast.ts';
import { Field, ErrorText, NameRow, PhoneEmailRow, described, applyServerFields, HydratedFieldset } from './form-parts.tsx';

export const SURVEY_FAILED = 'Failed to submit survey. Please try again.';
const STEP1_FIELDS = ['firstName', 'lastName', 'agencyName', 'role', 'phone', 'email', 'username', 'password'] as const;
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

const LEAD_TYPE_PRICE: Record<(typeof RINGCLOUD_LEAD_TYPES)[number], string> = {
  'Live Transfers': `${formatUsd(RINGCLOUD.liveTransferCents)} per transfer`,
  'Call-Backs': `${formatUsd(RINGCLOUD.callbackCents)} per call-back`,
  'Aged Leads': `from ${formatUsd(Math.min(...Object.values(RINGCLOUD.agedLeadCents)))} per lead, ${RINGCLOUD.agedLeadQuantity} leads`,
};

function Step1({
  defaults,
  onNext,
  serverFields,
}: {
  defaults: RingcloudStep1Input;
  onNext: (v: RingcloudStep1, raw: RingcloudStep1Input) => void;
  serverFields?: Record<string, string>;
}) {
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors },
  } = useForm<RingcloudStep1Input, unknown, RingcloudStep1>({ resolver: zodResolver(ringcloudStep1Schema), defaultValues: defaults });
  // A taken e-mail or username comes back from the server: show it on its field.
  useEffect(() => {
    applyServerFields(serverFields, STEP1_FIELDS, setError);
  }, [serverFields, setError]);
  return (
    <form onSubmit={handleSubmit((v) => onNext(v, getValues()))} noValidate aria-labelledby="step1-title">
      <HydratedFieldset>
        <h2 id="step1-title">Your information</h2>
        <NameRow firstName={register('firstName')} lastName={register('lastName')} errors={errors} />
        <Field id="agencyName" label="Agency name" error={errors.agencyName}>
          <input {...register('agencyName')} {...described('agencyName', errors.agencyName)} autoComplete="organization" />
        </Field>
        <fieldset aria-describedby={errors.role ? 'role-error' : undefined}>
          <legend>Your role</legend>
          <div className="choices">
            {RINGCLOUD_ROLES.map((r) => (
              <label className="choice" key={r}>
                <input type="radio" value={r} {...register('role')} aria-invalid={errors.role ? true : undefined} />
                {r}
              </label>
            ))}
          </div>
          <ErrorText id="role" error={errors.role} />
        </fieldset>
        <PhoneEmailRow phone={register('phone')} email={register('email')} errors={errors} />
        <div className="form-row">
          <Field id="username" label="Username" error={errors.username} hint="At least 3 characters: letters, numbers, dots, dashes or underscores.">
            <input {...register('username')} {...described('username', errors.username, true)} autoComplete="username" />
          </Field>
          <Field id="password" label="Password" error={errors.password} hint="At least 6 characters.">
            <input type="password" {...register('password')} {...described('password', errors.password, true)} autoComplete="new-password" />
          </Field>
        </div>
        <div className="form-actions">
          <span className="muted small">Step 1 of 2</span>
          <button className="btn btn-lg" type="submit">
            Next
          </button>
        </div>
      </HydratedFieldset>
    </form>
  );
}

function Step2({
  defaults,
  busy,
  onBack,
  onSubmit,
  serverFields,
}: {
  defaults: RingcloudStep2Input;
  busy: boolean;
  onBack: (raw: RingcloudStep2Input) => void;
  onSubmit: (v: RingcloudStep2, raw: RingcloudStep2Input) => void;
  serverFields?: Record<string, string>;
}) {
  const {
    register,
    handleSubmit,
    watch,
    getValues,
    setError,
    formState: { errors },
  } = useForm<RingcloudStep2Input, unknown, RingcloudStep2>({ resolver: zodResolver(ringcloudStep2Schema), defaultValues: defaults });
  useEffect(() => {
    applyServerFields(serverFields, STEP2_FIELDS, setError);
  }, [serverFields, setError]);
  const leadType = watch('leadType');
  const count = leadType === 'Call-Backs' ? watch('totalCallbacks') : watch('totalTransfers');
  const quote = leadType
    ? quoteRingCloud({
        leadType: leadType as (typeof RINGCLOUD_LEAD_TYPES)[number],
        count: Number(count),
        ageRange: (watch('ageRange') as (typeof AGED_LEAD_AGE_RANGES)[number]) || null,
      })
    : null;

  return (
    <form onSubmit={handleSubmit((v) => onSubmit(v, getValues()))} noValidate aria-labelledby="step2-title">
      <HydratedFieldset>
        <h2 id="step2-title">Lead preferences</h2>
        <fieldset aria-describedby={errors.leadType ? 'leadType-error' : undefined}>
          <legend>Lead type</legend>
          <div className="choices">
            {RINGCLOUD_LEAD_TYPES.map((t) => (
              <label className="choice" key={t}>
                <input type="radio" value={t} {...register('leadType')} aria-invalid={errors.leadType ? true : undefined} />
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
        <Field id="workingStates" label="Working states" error={errors.workingStates} hint="The states you are licensed in, e.g. TX, FL, GA.">
          <input {...register('workingStates')} {...described('workingStates', errors.workingStates, true)} />
        </Field>

        {leadType === 'Live Transfers' && (
          <>
            <div className="form-row">
              <Field id="totalTransfers" label="Total transfers" error={errors.totalTransfers}>
                <input
                  type="number"
                  inputMode="numeric"
                  min={RINGCLOUD.minCount}
                  max={RINGCLOUD.maxCount}
                  {...register('totalTransfers')}
                  {...described('totalTransfers', errors.totalTransfers)}
                />
              </Field>
              <Field id="callsPerDay" label="Calls per day (optional)" error={errors.callsPerDay}>
                <input type="number" inputMode="numeric" min={1} {...register('callsPerDay')} {...described('callsPerDay', errors.callsPerDay)} />
              </Field>
            </div>
            <Field id="transferHours" label="Transfer hours (optional)" error={errors.transferHours} hint="e.g. Mon-Fri 9am-5pm Central">
              <input {...register('transferHours')} {...described('transferHours', errors.transferHours, true)} />
            </Field>
          </>
        )}
        {leadType === 'Call-Backs' && (
          <div className="form-row">
            <Field id="totalCallbacks" label="Total call-backs" error={errors.totalCallbacks}>
              <input
                type="number"
                inputMode="numeric"
                min={RINGCLOUD.minCount}
                max={RINGCLOUD.maxCount}
                {...register('totalCallbacks')}
                {...described('totalCallbacks', errors.totalCallbacks)}
              />
            </Field>
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

export default function RingCloudSurvey() {
  const [step, setStep] = useState<1 | 2>(1);
  const [step1Raw, setStep1Raw] = useState<RingcloudStep1Input>({
    firstName: '',
    lastName: '',
    agencyName: '',
    phone: '',
    email: '',
    username: '',
    password: '',
  } as RingcloudStep1Input);
  const [step1, setStep1] = useState<RingcloudStep1 | null>(null);
  const [step2Raw, setStep2Raw] = useState<RingcloudStep2Input>({ workingStates: '' } as RingcloudStep2Input);
  const [busy, setBusy] = useState(false);
  const [step1Fields, setStep1Fields] = useState<Record<string, string> | undefined>();
  const [step2Fields, setStep2Fields] = useState<Record<string, string> | undefined>();

  async function submit(values: RingcloudStep2, raw: RingcloudStep2Input) {
    if (!step1) return;
    setStep2Raw(raw);
    setBusy(true);
    try {
      const res = await api.requestJson<RingcloudSurveyResponse>('POST', '/api/ringcloud-survey', { ...step1, ...values, salesperson: RINGCLOUD_SALESPERSON });
      const saved: SavedRingcloudSurvey = {
        surveyId: res.surveyId,
        firstName: step1.firstName,
        lastName: step1.lastName,
        agencyName: step1.agencyName,
        email: step1.email,
        phone: step1.phone,
        workingStates: values.workingStates,
        leadType: values.leadType,
        totalTransfers: values.leadType === 'Live Transfers' ? values.totalTransfers : undefined,
        totalCallbacks: values.leadType === 'Call-Backs' ? values.totalCallbacks : undefined,
        ageRange: values.leadType === 'Aged Leads' ? values.ageRange : undefined,
      };
      saveRingcloudSurvey(saved);
      toast({ title: 'Success!', description: 'Your information has been submitted successfully.', variant: 'success' });
      window.location.assign('/ringcloud-checkout');
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.fields) {
        const onStep1 = Object.keys(err.fields).some((k) => (STEP1_FIELDS as readonly string[]).includes(k));
        if (onStep1) {
          setStep1Fields({ ...err.fields });
          setStep(1);
        } else {
          setStep2Fields({ ...err.fields });
        }
      }
      const detail = err instanceof ApiError && err.status < 500 ? err.serverMessage : SURVEY_FAILED;
      toast({ title: 'Error', description: detail, variant: 'destructive' });
    }
  }

  return (
    <div className="card">
      <ol className="stepper" aria-label="Survey progress">
        <li aria-current={step === 1 ? 'step' : undefined} className={step === 2 ? 'done' : undefined}>
          1. Your information
        </li>
        <li aria-current={step === 2 ? 'step' : undefined}>2. Lead preferences</li>
      </ol>
      {step === 1 ? (
        <Step1
          defaults={step1Raw}
          serverFields={step1Fields}
          onNext={(v, raw) => {
            setStep1(v);
            setStep1Raw(raw);
            setStep1Fields(undefined);
            setStep(2);
          }}
        />
      ) : (
        <Step2
          defaults={step2Raw}
          busy={busy}
          serverFields={step2Fields}
          onBack={(raw) => {
            setStep2Raw(raw);
            setStep(1);
          }}
          onSubmit={submit}
        />
      )}
    </div>
  );
}
