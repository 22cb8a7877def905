// The buyer's own prices on the admin's user page (issue 36 point 4, decision 251): per kind (aged leads,
// leads, AI-set appointments), and per state of a kind where set. A state's price wins over the kind's, which
// wins over the catalogue's. Only this buyer pays and sees them; every change is in the audit log.
import { useState, type FormEvent } from 'react';
import { BUYER_PRICE_MAX_CENTS, BUYER_PRICE_MIN_CENTS, formatUsd } from '@tm/shared';
import { ApiError } from '@tm/shared/api-client';
import { dollarsToCents } from '@tm/shared/schemas/admin';
import { US_STATES } from '@tm/shared/us-states';
import {
  BUYER_PRICE_KINDS,
  BUYER_PRICE_KIND_LABELS,
  BUYER_PRICE_RANGE_MESSAGE,
  CATALOGUE_PRICE_TEXT,
  type BuyerPriceKind,
  type BuyerPriceView,
} from '@tm/shared/schemas/buyer-prices';
import { useToast } from '../../../components/toast.tsx';
import { useBuyerPrices, useRemoveBuyerPrice, useSetBuyerPrice } from '../api/buyer-prices.ts';
import './admin-console.css';

const PRICE_TEXT_MESSAGE = 'Enter a price in dollars such as 7 or 7.25';
const money = (cents: number) => formatUsd(cents, { cents: true });

interface Draft {
  kind: BuyerPriceKind;
  state: string;
  price: string;
}
const EMPTY: Draft = { kind: 'aged_lead', state: '', price: '' };

function PricesTable({
  prices,
  onEdit,
  onRemove,
  removing,
}: {
  prices: BuyerPriceView[];
  onEdit: (p: BuyerPriceView) => void;
  onRemove: (p: BuyerPriceView) => void;
  removing: boolean;
}) {
  if (prices.length === 0) return <p className="muted small">No prices of their own: this buyer pays the catalogue&apos;s.</p>;
  return (
    <div className="adm-table-wrap">
      <table className="adm-table" aria-label="Buyer prices">
        <thead>
          <tr>
            <th scope="col">Kind</th>
            <th scope="col">State</th>
            <th scope="col">Price</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {prices.map((p) => {
            const name = `${BUYER_PRICE_KIND_LABELS[p.kind]}${p.state ? ` in ${p.state}` : ''}`;
            return (
              <tr key={p.id} data-testid="buyer-price-row">
                <td>{BUYER_PRICE_KIND_LABELS[p.kind]}</td>
                <td>{p.state ?? 'All states'}</td>
                <td>{money(p.priceCents)}</td>
                <td className="adm-actions">
                  <button type="button" className="btn btn-outline adm-btn-sm" onClick={() => onEdit(p)} aria-label={`Edit the price of ${name}`}>
                    Edit
                  </button>{' '}
                  <button
                    type="button"
                    className="btn btn-outline adm-btn-sm"
                    disabled={removing}
                    onClick={() => onRemove(p)}
                    aria-label={`Remove the price of ${name}`}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function BuyerPricesPanel({ userId }: { userId: number }) {
  const toast = useToast();
  const q = useBuyerPrices(userId);
  const save = useSetBuyerPrice(userId);
  const remove = useRemoveBuyerPrice(userId);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const cents = dollarsToCents(draft.price);
    if (cents === null) return setError(PRICE_TEXT_MESSAGE);
    if (cents < BUYER_PRICE_MIN_CENTS || cents > BUYER_PRICE_MAX_CENTS) return setError(BUYER_PRICE_RANGE_MESSAGE);
    setError(null);
    try {
      await save.mutateAsync({ kind: draft.kind, state: draft.state || null, priceCents: cents });
      toast({
        title: 'Price saved',
        description: `${BUYER_PRICE_KIND_LABELS[draft.kind]}${draft.state ? ` in ${draft.state}` : ''}: ${money(cents)} for this buyer.`,
      });
      setDraft(EMPTY);
    } catch (err) {
      const fields = err instanceof ApiError ? (err.fields ?? {}) : {};
      setError(fields.priceCents ?? fields.state ?? fields.kind ?? (err instanceof ApiError ? err.serverMessage : 'Something went wrong. Please try again.'));
    }
  };

  const onRemove = async (p: BuyerPriceView) => {
    try {
      await remove.mutateAsync(p.id);
      toast({
        title: 'Price removed',
        description: `${BUYER_PRICE_KIND_LABELS[p.kind]}${p.state ? ` in ${p.state}` : ''}: back to the ${p.state ? 'kind' : 'catalogue'}'s price.`,
      });
    } catch (err) {
      toast({ title: 'Could not remove', description: err instanceof ApiError ? err.serverMessage : 'Please try again.', variant: 'destructive' });
    }
  };

  return (
    <section className="card adm-ctl" aria-labelledby="adm-prices-title">
      <div className="adm-ctl-head">
        <h3 id="adm-prices-title">Lead and appointment prices</h3>
      </div>
      <p className="muted small">
        This buyer&apos;s own prices, charged at checkout and shown in their shop only. A state&apos;s price wins over the kind&apos;s, which wins over the
        catalogue&apos;s.
      </p>
      <p className="muted small" data-testid="buyer-price-catalogue">
        Catalogue: {BUYER_PRICE_KINDS.map((k) => `${BUYER_PRICE_KIND_LABELS[k]}, ${CATALOGUE_PRICE_TEXT[k]}`).join(' · ')}.
      </p>
      {q.isPending ? (
        <p className="muted">Loading prices...</p>
      ) : q.isError || !q.data ? (
        <p className="form-error" role="alert">
          Could not load the prices.
        </p>
      ) : (
        <PricesTable
          prices={q.data.prices}
          removing={remove.isPending}
          onRemove={(p) => void onRemove(p)}
          onEdit={(p) => {
            setDraft({ kind: p.kind, state: p.state ?? '', price: (p.priceCents / 100).toFixed(2) });
            setError(null);
          }}
        />
      )}
      <form className="form-grid" onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Set a price">
        <div className="field">
          <label htmlFor="adm-price-kind">Kind</label>
          <select id="adm-price-kind" value={draft.kind} onChange={(e) => setDraft({ ...draft, kind: e.target.value as BuyerPriceKind })}>
            {BUYER_PRICE_KINDS.map((k) => (
              <option key={k} value={k}>
                {BUYER_PRICE_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="adm-price-state">State</label>
          <select id="adm-price-state" value={draft.state} onChange={(e) => setDraft({ ...draft, state: e.target.value })}>
            <option value="">All states</option>
            {US_STATES.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name} ({s.code})
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="adm-price-amount">Price (USD)</label>
          <input
            id="adm-price-amount"
            inputMode="decimal"
            placeholder="e.g. 7.25"
            value={draft.price}
            onChange={(e) => setDraft({ ...draft, price: e.target.value })}
            aria-invalid={!!error}
            aria-describedby={error ? 'adm-price-error' : undefined}
          />
          {error && (
            <p className="field-error" id="adm-price-error">
              {error}
            </p>
          )}
        </div>
        <div className="adm-ctl-actions">
          <button type="submit" className="btn adm-btn-sm" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save price'}
          </button>
        </div>
      </form>
    </section>
  );
}
