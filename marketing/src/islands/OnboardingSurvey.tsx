// /survey without an external form embed (issue 25 item 3): the first-party onboarding survey. Working
// states from the 50 states and DC (sent as codes), transfer hours, calls per day, the delivery phone and
// the best time to reach the agent, saved by POST /api/onboarding-survey to the agent's account, where
// they become the agent's Transfer Controls. The agent is the logged-in one, or the funnel buyer just
// back from paying: the return page's survey link carries a token the server signed (decision 245).
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { api, ApiError } from '@tm/shared/api-client';
import { BEST_TIMES_TO_REACH, ONBOARDING_HOURS_MESSAGE, ONBOARDING_WHO_MESSAGE } from '@tm/shared/logic/funnel-choices';
import type { OnboardingSurveyInput, OnboardingSurveyValues, OnboardingSurveyResponse } from '@tm/shared/schemas/funnel';
import { Field, ErrorText, HydratedFieldset, applyServerFields } from './form-parts.tsx';
import { described } from './aria.ts';
import { useSchemaForm } from '@tm/shared/ui/schema-form.ts';
import { StateChoice } from './StateChoice.tsx';

export const SURVEY_FAILED = 'Failed to submit survey. Please try again.';
const FIELDS = ['workingStates', 'transferHours', 'callsPerDay', 'deliveryPhone', 'bestTimeToReach'] as const;
const loadSchema = () => import('@tm/shared/schemas/funnel').then((m) => m.onboardingSurveySchema);

/** The signed survey link's token, when the page was opened from a paid order's return page. */
function linkTokenOfUrl(): { token?: string } {
  if (typeof window === 'undefined') return {};
  const token = new URLSearchParams(window.location.search).get('token');
  return token ? { token } : {};
}

export default function OnboardingSurvey() {
  const {
    register,
    control,
    setError,
    submit,
    preload,
    formState: { errors },
  } = useSchemaForm<OnboardingSurveyInput, OnboardingSurveyValues>(loadSchema, { workingStates: [] });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; login: boolean } | null>(null);
  const [saved, setSaved] = useState<OnboardingSurveyResponse['settings'] | null>(null);

  const onSubmit = submit(async (v) => {
    setBusy(true);
    setFailure(null);
    try {
      const res = await api.requestJson<OnboardingSurveyResponse>('POST', '/api/onboarding-survey', { ...v, ...linkTokenOfUrl() });
      setSaved(res?.settings ?? 'applied');
    } catch (err) {
      if (err instanceof ApiError) applyServerFields(err.fields, FIELDS, setError);
      // No one named, or a survey link that is altered or past its time: the answers need a login.
      const nobody = err instanceof ApiError && err.status === 401;
      const login = nobody || (err instanceof ApiError && Boolean(err.fields?.token));
      setFailure({ message: nobody ? ONBOARDING_WHO_MESSAGE : err instanceof ApiError && err.status < 500 ? err.serverMessage : SURVEY_FAILED, login });
    } finally {
      setBusy(false);
    }
  });

  if (saved) {
    return (
      <div className="card" data-testid="onboarding-saved">
        <h2>Thank you, your answers are saved</h2>
        {saved === 'offered' ? (
          <p role="status">
            This e-mail already has an account, so nothing was changed yet: the account holder is asked at their next login whether to apply these settings.
          </p>
        ) : (
          <p role="status">
            Your working states, transfer hours, calls per day and delivery phone are now your Transfer Controls. You can change them there any time.
          </p>
        )}
        <p>
          <a className="btn" href="/dashboard/transfers?view=controls">
            Open Transfer Controls
          </a>
        </p>
      </div>
    );
  }

  return (
    <form className="card" onSubmit={(e) => void onSubmit(e)} onFocus={() => void preload()} noValidate aria-labelledby="onboarding-form-title">
      <HydratedFieldset>
        <h2 id="onboarding-form-title">Your onboarding answers</h2>
        <Controller
          name="workingStates"
          control={control}
          render={({ field }) => <StateChoice field={field} error={errors.workingStates} hint="The states you are licensed in and take calls from." />}
        />
        <div className="form-row">
          <Field id="transferHours" label="Transfer hours" error={errors.transferHours} hint={ONBOARDING_HOURS_MESSAGE}>
            <input autoComplete="off" {...register('transferHours')} {...described('transferHours', errors.transferHours, true)} />
          </Field>
          <Field id="callsPerDay" label="Calls per day" error={errors.callsPerDay}>
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={1000}
              step={1}
              {...register('callsPerDay')}
              {...described('callsPerDay', errors.callsPerDay)}
            />
          </Field>
        </div>
        <Field id="deliveryPhone" label="Delivery phone" error={errors.deliveryPhone} hint="The number your live transfers ring.">
          <input type="tel" autoComplete="tel" {...register('deliveryPhone')} {...described('deliveryPhone', errors.deliveryPhone, true)} />
        </Field>
        <fieldset id="bestTimeToReach" tabIndex={-1} aria-describedby={errors.bestTimeToReach ? 'bestTimeToReach-error' : undefined}>
          <legend>Best time to reach you</legend>
          <div className="choices">
            {BEST_TIMES_TO_REACH.map((t) => (
              <label className="choice" key={t}>
                <input type="radio" value={t} {...register('bestTimeToReach')} aria-invalid={errors.bestTimeToReach ? true : undefined} />
                {t}
              </label>
            ))}
          </div>
          <ErrorText id="bestTimeToReach" error={errors.bestTimeToReach} />
        </fieldset>
        {failure && (
          <p className="form-error" role="alert" data-testid="onboarding-error">
            <strong>Error:</strong> {failure.message}
            {failure.login && (
              <>
                {' '}
                <a href="/login">Log in</a>, then come back to this page.
              </>
            )}
          </p>
        )}
        <div className="form-actions">
          <button className="btn btn-lg" type="submit" disabled={busy} aria-busy={busy}>
            {busy ? 'Submitting...' : 'Submit Survey'}
          </button>
        </div>
      </HydratedFieldset>
    </form>
  );
}
