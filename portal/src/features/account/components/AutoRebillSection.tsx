// Profile's "Saved card & auto-rebill" (decisions 197 and 246): the saved card (brand, last 4) with Remove, a
// form to save one (the shared payment form confirming a SetupIntent: nothing is charged), and the top-up
// rule: on/off, the threshold in transfers, and how many transfers to buy, at the agent's own price (the
// one their dashboard orders charge) with the buffer that applies; the server prices it.
import { useState } from 'react';
import { z } from 'zod';
import { formatUsd } from '@tm/shared';
import { quoteLiveTransfer } from '@tm/shared/logic/pricing';
import { autoRebillPriceText, cardName } from '@tm/shared/logic/auto-rebill';
import { ApiError } from '@tm/shared/api-client';
import { PaymentForm } from '@tm/shared/ui/PaymentForm';
import { autoRebillSettingsSchema, type AutoRebillSettingsInput, type AutoRebillView, type SetupIntentResponse } from '@tm/shared/schemas/auto-rebill';
import { Field, FieldError, Form, FormAlert, Input } from '../../../components/ui/form/index.ts';
import { useAutoRebill, useKeepCard, useRemoveCard, useSaveAutoRebill, useStartCardSetup } from '../../../lib/auto-rebill.ts';

const messageOf = (err: unknown, fallback: string) => (err instanceof ApiError ? err.serverMessage : fallback);

function SavedCard({ data }: { data: AutoRebillView }) {
  const start = useStartCardSetup();
  const keep = useKeepCard();
  const remove = useRemoveCard();
  const [setup, setSetup] = useState<SetupIntentResponse | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const open = async () => {
    setStatus(null);
    setError(null);
    try {
      setSetup(await start.mutateAsync());
    } catch (err) {
      setError(messageOf(err, 'Could not start saving a card.'));
    }
  };
  const saved = async (setupIntentId: string) => {
    try {
      await keep.mutateAsync(setupIntentId);
      setSetup(null);
      setStatus('Card saved.');
    } catch (err) {
      setError(messageOf(err, 'The card was not saved. Please try again.'));
    }
  };

  return (
    <div className="rebill-card">
      <h3>Saved card</h3>
      {data.card ? (
        <div className="rebill-saved">
          <span data-testid="saved-card">{cardName(data.card)}</span>
          <button
            type="button"
            className="btn btn-outline"
            disabled={remove.isPending}
            onClick={() => {
              setStatus(null);
              remove.mutate(undefined, {
                onSuccess: () => setStatus('Card removed. Auto-rebill is off.'),
                onError: (e) => setError(messageOf(e, 'Could not remove.')),
              });
            }}
          >
            Remove<span className="sr-only"> saved card</span>
          </button>
        </div>
      ) : (
        <p className="muted small">No saved card.</p>
      )}
      {status && (
        <p role="status" className="form-success">
          {status}
        </p>
      )}
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {setup ? (
        <div className="rebill-setup">
          <PaymentForm
            intent="setup"
            clientSecret={setup.clientSecret}
            publishableKey={setup.publishableKey}
            testMode={setup.testMode}
            returnUrl={window.location.href}
            redirect="if_required"
            submitLabel="Save card"
            processingLabel="Saving..."
            onSuccess={(id) => void saved(id)}
            onError={(m) => setError(m)}
          />
          <button type="button" className="btn btn-outline" onClick={() => setSetup(null)}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" className="btn" onClick={() => void open()} disabled={start.isPending}>
          {data.card ? 'Replace card' : 'Save a card'}
        </button>
      )}
    </div>
  );
}

const digits = (v: string) => v.replace(/\D/g, '');
/** The form's text boxes as the numbers the API's schema takes (its messages, its field names). */
const rebillFormSchema = z
  .object({ enabled: z.boolean(), threshold: z.string(), count: z.string() })
  .transform((v): AutoRebillSettingsInput => ({ ...v, threshold: Number(v.threshold), count: Number(v.count) }))
  .pipe(autoRebillSettingsSchema);

function RebillSettings({ data }: { data: AutoRebillView }) {
  const save = useSaveAutoRebill();
  const [done, setDone] = useState(false);
  return (
    <Form
      className="rebill-settings"
      aria-labelledby="rebill-settings-title"
      schema={rebillFormSchema}
      defaultValues={{
        enabled: data.enabled,
        threshold: String(data.threshold),
        count: String(data.count),
      }}
      fallbackError="Could not save."
      onSubmit={async (input) => {
        setDone(false);
        await save.mutateAsync(input);
        setDone(true);
      }}
    >
      {({ register, setValue, watch }) => {
        const quote = quoteLiveTransfer(Number(watch('count')), data.unitPriceCents);
        const total = quote.ok ? quote.amountCents : null;
        // Digits only, as typed.
        const numeric = (name: 'threshold' | 'count') => ({ onChange: (e: { target: { value: string } }) => setValue(name, digits(e.target.value)) });
        return (
          <>
            <h3 id="rebill-settings-title">Auto-rebill</h3>
            <p className="muted small">When your transfer balance falls below the threshold, we charge your saved card for the transfers below.</p>
            <p className="small" data-testid="rebill-price">
              {autoRebillPriceText(data)}
            </p>
            <label className="profile-check">
              <input type="checkbox" {...register('enabled')} /> Top up automatically
            </label>
            <FieldError name="enabled" />
            <div className="profile-grid">
              <Field id="rebill-threshold" name="threshold" label="When my balance falls below (transfers)">
                <Input id="rebill-threshold" name="threshold" inputMode="numeric" options={numeric('threshold')} />
              </Field>
              <Field id="rebill-count" name="count" label="Transfers to buy">
                <Input id="rebill-count" name="count" inputMode="numeric" options={numeric('count')} />
              </Field>
            </div>
            <p className="small">
              Each top-up: <strong data-testid="rebill-total">{total === null ? '-' : formatUsd(total, { cents: true })}</strong>
            </p>
            <FormAlert />
            {done && (
              <p role="status" className="form-success">
                Auto-rebill saved.
              </p>
            )}
            <button type="submit" className="btn" disabled={save.isPending}>
              Save auto-rebill
            </button>
          </>
        );
      }}
    </Form>
  );
}

export function AutoRebillSection() {
  const q = useAutoRebill();
  return (
    <section className="card rebill" aria-labelledby="rebill-title">
      <h2 id="rebill-title">Saved card &amp; auto-rebill</h2>
      {!q.data ? (
        <p className="muted">{q.isError ? 'Could not load.' : 'Loading...'}</p>
      ) : (
        <>
          <SavedCard data={q.data} />
          <RebillSettings key={q.data.card?.last4 ?? 'none'} data={q.data} />
        </>
      )}
    </section>
  );
}
