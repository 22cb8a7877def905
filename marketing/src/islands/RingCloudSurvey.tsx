// /ringcloud: the RingCloud sub-offer's two-step survey. Step 1 is the agent's information, step 2
// the lead preferences (fields depend on the lead type; the working states are a choice of the 50
// states and DC). Submitting creates the account (server side), saves the survey (without the
// password) for /ringcloud-checkout and goes there. The steps are react-hook-form forms that check with
// the schemas the server parses (@tm/shared/ui/schema-form.ts loads them on first touch) and step 2 (RingCloudStep2.tsx)
// loads with them, so the page's first load stays under its weight budget.
import { lazy, Suspense, useEffect, useState } from 'react';
import type { DefaultValues } from 'react-hook-form';
import { api, ApiError } from '@tm/shared/api-client';
import { RINGCLOUD_ROLES, RINGCLOUD_SALESPERSON } from '@tm/shared/logic/funnel-choices';
import type { RingcloudStep1, RingcloudStep1Input, RingcloudStep2, RingcloudStep2Input, RingcloudSurveyResponse } from '@tm/shared/schemas/funnel';
import { saveRingcloudSurvey, type SavedRingcloudSurvey } from './ringcloud-storage.ts';
import { toast } from '../stores/toast.ts';
import { Field, ErrorText, NameRow, PhoneEmailRow, HydratedFieldset, applyServerFields } from './form-parts.tsx';
import { described } from './aria.ts';
import { useSchemaForm } from '@tm/shared/ui/schema-form.ts';
import { withAttribution } from '../scripts/attribution.ts';

export const SURVEY_FAILED = 'Failed to submit survey. Please try again.';
const loadSchemas = () => import('@tm/shared/schemas/funnel');
/** Step 2 loads with the schemas on the first touch of step 1; Next waits for it, so it never shows a fallback. */
const loadStep2 = () => import('./RingCloudStep2.tsx');
const Step2 = lazy(loadStep2);
const STEP1_FIELDS = ['firstName', 'lastName', 'agencyName', 'role', 'phone', 'email', 'username', 'password'] as const;

function Step1({
  defaults,
  onNext,
  serverFields,
}: {
  defaults: DefaultValues<RingcloudStep1Input>;
  onNext: (v: RingcloudStep1, raw: RingcloudStep1Input) => void;
  serverFields?: Record<string, string>;
}) {
  const {
    register,
    setError,
    getValues,
    submit,
    preload,
    formState: { errors },
  } = useSchemaForm<RingcloudStep1Input, RingcloudStep1>(() => {
    void loadStep2().catch(() => undefined);
    return loadSchemas().then((m) => m.ringcloudStep1Schema);
  }, defaults);
  // A taken e-mail or username comes back from the server: show it on its field.
  useEffect(() => {
    applyServerFields(serverFields, STEP1_FIELDS, setError);
  }, [serverFields, setError]);
  const onSubmit = submit(async (v) => {
    await loadStep2().catch(() => undefined);
    onNext(v, getValues());
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)} onFocus={() => void preload()} noValidate aria-labelledby="step1-title">
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

export default function RingCloudSurvey() {
  const [step, setStep] = useState<1 | 2>(1);
  const [step1Raw, setStep1Raw] = useState<DefaultValues<RingcloudStep1Input>>({
    firstName: '',
    lastName: '',
    agencyName: '',
    phone: '',
    email: '',
    username: '',
    password: '',
  });
  const [step1, setStep1] = useState<RingcloudStep1 | null>(null);
  const [step2Raw, setStep2Raw] = useState<DefaultValues<RingcloudStep2Input>>({ workingStates: [] });
  const [busy, setBusy] = useState(false);
  const [step1Fields, setStep1Fields] = useState<Record<string, string> | undefined>();
  const [step2Fields, setStep2Fields] = useState<Record<string, string> | undefined>();

  async function submit(values: RingcloudStep2, raw: RingcloudStep2Input) {
    if (!step1) return;
    setStep2Raw(raw);
    setBusy(true);
    try {
      const res = await api.requestJson<RingcloudSurveyResponse>(
        'POST',
        '/api/ringcloud-survey',
        withAttribution({ ...step1, ...values, salesperson: RINGCLOUD_SALESPERSON }),
      );
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
        <Suspense fallback={<p className="muted">Loading...</p>}>
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
        </Suspense>
      )}
    </div>
  );
}
