// /ringcloud: the RingCloud sub-offer's two-step survey. Step 1 is the agent's information, step 2
// the lead preferences (fields depend on the lead type; the working states are a choice of the 50
// states and DC). Submitting creates the account (server side), saves the survey (without the
// password) for /ringcloud-checkout and goes there. The steps check with the schemas the server parses
// (light-form.ts loads them on first touch), so the page's first load stays under its weight budget.
import { useEffect, useState, type FormEvent } from 'react';
import { api, ApiError } from '@tm/shared/api-client';
import { RINGCLOUD, formatUsd } from '@tm/shared';
import { quoteRingCloud, countProblem } from '@tm/shared/logic/pricing';
import { US_STATES } from '@tm/shared/us-states';
import { RINGCLOUD_LEAD_TYPES, AGED_LEAD_AGE_RANGES } from '@tm/shared/logic/pricing';
import { RINGCLOUD_ROLES, RINGCLOUD_SALESPERSON } from '@tm/shared/logic/funnel-choices';
import type { RingcloudStep1, RingcloudStep2, RingcloudSurveyResponse } from '@tm/shared/schemas/funnel';
import { saveRingcloudSurvey, type SavedRingcloudSurvey } from './ringcloud-storage.ts';
import { toast } from '../stores/toast.ts';
import { Field, ErrorText, NameRow, PhoneEmailRow, HydratedFieldset } from './form-parts.tsx';
import { described } from './aria.ts';
import { useLightForm, type FormValues } from './light-form.ts';

export const SURVEY_FAILED = 'Failed to submit survey. Please try again.';
const loadSchemas = () => import('@tm/shared/schemas/funnel');
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
  defaults: FormValues;
  onNext: (v: RingcloudStep1, raw: FormValues) => void;
  serverFields?: Record<string, string>;
}) {
  const form = useLightForm<RingcloudStep1>(defaults, () => loadSchemas().then((m) => m.ringcloudStep1Schema));
  const { errors, text, radio, setServerErrors } = form;
  // A taken e-mail or username comes back from the server: show it on its field.
  useEffect(() => {
    setServerErrors(serverFields, STEP1_FIELDS);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the server's answer changes
  }, [serverFields]);
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const v = await form.submit();
    if (v) onNext(v, form.values);
  }
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="step1-title">
      <HydratedFieldset>
        <h2 id="step1-title">Your information</h2>
        <NameRow firstName={text('firstName')} lastName={text('lastName')} errors={errors} />
        <Field id="agencyName" label="Agency name" error={errors.agencyName}>
          <input {...text('agencyName')} {...described('agencyName', errors.agencyName)} autoComplete="organization" />
        </Field>
        <fieldset aria-describedby={errors.role ? 'role-error' : undefined}>
          <legend>Your role</legend>
          <div className="choices">
            {RINGCLOUD_ROLES.map((r) => (
              <label className="choice" key={r}>
                <input {...radio('role', r)} aria-invalid={errors.role ? true : undefined} />
                {r}
              </label>
            ))}
          </div>
          <ErrorText id="role" error={errors.role} />
        </fieldset>
        <PhoneEmailRow phone={text('phone')} email={text('email')} errors={errors} />
        <div className="form-row">
          <Field id="username" label="Username" error={errors.username} hint="At least 3 characters: letters, numbers, dots, dashes or underscores.">
            <input {...text('username')} {...described('username', errors.username, true)} autoComplete="username" />
          </Field>
          <Field id="password" label="Password" error={errors.password} hint="At least 6 characters.">
            <input type="password" {...text('password')} {...described('password', errors.password, true)} autoComplete="new-password" />
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

/** The working states: a checkbox per state (the 50 states and DC), in a box that scrolls. */
function StateChoice({ form }: { form: ReturnType<typeof useLightForm<RingcloudStep2>> }) {
  const error = form.errors.workingStates;
  return (
    <fieldset id="workingStates" tabIndex={-1} aria-describedby={['workingStates-hint', error ? 'workingStates-error' : ''].filter(Boolean).join(' ')}>
      <legend>Working states</legend>
      <p className="hint" id="workingStates-hint">
        The states you are licensed in.
      </p>
      <div className="state-choice">
        {US_STATES.map((s) => (
          <label className="choice" key={s.code}>
            <input {...form.checkbox('workingStates', s.code)} aria-invalid={error ? true : undefined} />
            {s.name}
          </label>
        ))}
      </div>
      <ErrorText id="workingStates" error={error} />
    </fieldset>
  );
}

function Step2({
  defaults,
  busy,
  onBack,
  onSubmit,
  serverFields,
}: {
  defaults: FormValues;
  busy: boolean;
  onBack: (raw: FormValues) => void;
  onSubmit: (v: RingcloudStep2, raw: FormValues) => void;
  serverFields?: Record<string, string>;
}) {
  const form = useLightForm<RingcloudStep2>(defaults, () => loadSchemas().then((m) => m.ringcloudStep2Schema));
  const { errors, text, radio, values, setServerErrors } = form;
  useEffect(() => {
    setServerErrors(serverFields, STEP2_FIELDS);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the server's answer changes
  }, [serverFields]);
  const leadType = values.leadType as (typeof RINGCLOUD_LEAD_TYPES)[number] | undefined;
  const rawCount = String((leadType === 'Call-Backs' ? values.totalCallbacks : values.totalTransfers) ?? '');
  const count = rawCount.trim() === '' ? Number.NaN : Number(rawCount);
  const quote = leadType ? quoteRingCloud({ leadType, count, ageRange: (values.ageRange as (typeof AGED_LEAD_AGE_RANGES)[number]) || null }) : null;
  // A whole count out of range still shows what it would cost, beside the reason.
  const word = leadType === 'Call-Backs' ? 'call-back' : 'transfer';
  const unitCents = leadType === 'Call-Backs' ? RINGCLOUD.callbackCents : RINGCLOUD.liveTransferCents;
  const outOfRange =
    leadType && leadType !== 'Aged Leads' && Number.isInteger(count) && count > 0 ? countProblem(count, RINGCLOUD.minCount, RINGCLOUD.maxCount, word) : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const v = await form.submit();
    if (v) onSubmit(v, form.values);
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="step2-title">
      <HydratedFieldset>
        <h2 id="step2-title">Lead preferences</h2>
        <fieldset aria-describedby={errors.leadType ? 'leadType-error' : undefined}>
          <legend>Lead type</legend>
          <div className="choices">
            {RINGCLOUD_LEAD_TYPES.map((t) => (
              <label className="choice" key={t}>
                <input {...radio('leadType', t)} aria-invalid={errors.leadType ? true : undefined} />
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
        <StateChoice form={form} />

        {leadType === 'Live Transfers' && (
          <>
            <div className="form-row">
              <Field id="totalTransfers" label="Total transfers" error={errors.totalTransfers}>
                <input
                  type="number"
                  inputMode="numeric"
                  min={RINGCLOUD.minCount}
                  max={RINGCLOUD.maxCount}
                  step={1}
                  {...text('totalTransfers')}
                  {...described('totalTransfers', errors.totalTransfers)}
                />
              </Field>
              <Field id="callsPerDay" label="Calls per day (optional)" error={errors.callsPerDay}>
                <input type="number" inputMode="numeric" min={1} step={1} {...text('callsPerDay')} {...described('callsPerDay', errors.callsPerDay)} />
              </Field>
            </div>
            <Field id="transferHours" label="Transfer hours (optional)" error={errors.transferHours} hint="e.g. Mon-Fri 9am-5pm Central">
              <input {...text('transferHours')} {...described('transferHours', errors.transferHours, true)} />
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
                step={1}
                {...text('totalCallbacks')}
                {...described('totalCallbacks', errors.totalCallbacks)}
              />
            </Field>
            <Field id="callbackPreference" label="Call-back preference (optional)" error={errors.callbackPreference} hint="e.g. mornings, or within 1 hour">
              <input {...text('callbackPreference')} {...described('callbackPreference', errors.callbackPreference, true)} />
            </Field>
          </div>
        )}
        {leadType === 'Aged Leads' && (
          <Field id="ageRange" label="Lead age" error={errors.ageRange} hint={`A package of ${RINGCLOUD.agedLeadQuantity} aged leads.`}>
            <select {...text('ageRange')} {...described('ageRange', errors.ageRange, true)}>
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
          <button className="btn btn-outline" type="button" onClick={() => onBack(form.values)} disabled={busy}>
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
  const [step1Raw, setStep1Raw] = useState<FormValues>({
    firstName: '',
    lastName: '',
    agencyName: '',
    phone: '',
    email: '',
    username: '',
    password: '',
  });
  const [step1, setStep1] = useState<RingcloudStep1 | null>(null);
  const [step2Raw, setStep2Raw] = useState<FormValues>({ workingStates: [] });
  const [busy, setBusy] = useState(false);
  const [step1Fields, setStep1Fields] = useState<Record<string, string> | undefined>();
  const [step2Fields, setStep2Fields] = useState<Record<string, string> | undefined>();

  async function submit(values: RingcloudStep2, raw: FormValues) {
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
