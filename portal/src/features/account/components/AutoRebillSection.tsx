// Profile's "Saved card & auto-rebill" (decisions 197 and 246): the saved card (brand, last 4) with Remove, a
// form to save one (the shared payment form confirming a SetupIntent: nothing is charged), and the top-up
// rule: on/off, the threshold in transfers, and how many transfers to buy, at the agent's own price (the
// one their dashboard orders charge) with the buffer that applies; the server prices it.
import { useState, type FormEvent } from 'react';
import { formatUsd } from '@tm/shared';
import { quoteLiveTransfer } from '@tm/shared/logic/pricing';
import { autoRebillPriceText, cardName } from '@tm/shared/logic/auto-rebill';
import { ApiError } from '@tm/shared/api-client';
import { PaymentForm } from '@tm/shared/ui/PaymentForm';
import type { AutoRebillView, SetupIntentResponse } from '@tm/shared/schemas/auto-rebill';
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

function RebillSettings({ data }: { data: AutoRebillView }) {
  const save = useSaveAutoRebill();
  const [enabled, setEnabled] = useState(data.enabled);
  const [threshold, setThreshold] = useState(String(data.threshold));
  const [count, setCount] = useState(String(data.count));
  const [fields, setFields] = useState<Record<string, string>>({});
  const [done, setDone] = useState(false);
  const quote = quoteLiveTransfer(Number(count), data.unitPriceCents);
  const total = quote.ok ? quote.amountCents : null;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    setFields({});
    try {
      await save.mutateAsync({ enabled, threshold: Number(threshold), count: Number(count) });
      setDone(true);
    } catch (err) {
      setFields(err instanceof ApiError && err.fields ? err.fields : { form: messageOf(err, 'Could not save.') });
    }
  };
  return (
    <form className="rebill-settings" onSubmit={onSubmit} noValidate aria-labelledby="rebill-settings-title">
      <h3 id="rebill-settings-title">Auto-rebill</h3>
      <p className="muted small">When your transfer balance falls below the threshold, we charge your saved card for the transfers below.</p>
      <p className="small" data-testid="rebill-price">
        {autoRebillPriceText(data)}
      </p>
      <label className="profile-check">
        <input type="checkbox" name="enabled" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> Top up automatically
      </label>
      {fields.enabled && <p className="field-error">{fields.enabled}</p>}
      <div className="profile-grid">
        <div className="field">
          <label htmlFor="rebill-threshold">When my balance falls below (transfers)</label>
          <input
            id="rebill-threshold"
            inputMode="numeric"
            value={threshold}
            onChange={(e) => setThreshold(e.target.value.replace(/\D/g, ''))}
            aria-invalid={!!fields.threshold}
          />
          {fields.threshold && <p className="field-error">{fields.threshold}</p>}
        </div>
        <div className="field">
          <label htmlFor="rebill-count">Transfers to buy</label>
          <input
            id="rebill-count"
            inputMode="numeric"
            value={count}
            onChange={(e) => setCount(e.target.value.replace(/\D/g, ''))}
            aria-invalid={!!fields.count}
          />
          {fields.count && <p className="field-error">{fields.count}</p>}
        </div>
      </div>
      <p className="small">
        Each top-up: <strong data-testid="rebill-total">{total === null ? '-' : formatUsd(total, { cents: true })}</strong>
      </p>
      {fields.form && (
        <p role="alert" className="form-error">
          {fields.form}
        </p>
      )}
      {done && (
        <p role="status" className="form-success">
          Auto-rebill saved.
        </p>
      )}
      <button type="submit" className="btn" disabled={save.isPending}>
        Save auto-rebill
      </button>
    </form>
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
