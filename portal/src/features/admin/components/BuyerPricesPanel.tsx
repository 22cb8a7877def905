// The buyer's own prices on the admin's user page (issue 36 point 4, decision 251): per kind (aged leads,
// leads, AI-set appointments), and per state of a kind where set. A state's price wins over the kind's, which
// wins over the catalogue's. Only this buyer pays and sees them; every change is in the audit log.
import { useState } from 'react';
import { z } from 'zod';
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
import { applyServerRefusal, FieldError, Form, FormAlert, Input, Select, useFieldError, type FormMethods } from '../../../components/ui/form/index.ts';
import './admin-console.css';

const PRICE_TEXT_MESSAGE = 'Enter a price in dollars such as 7 or 7.25';
const money = (cents: number) => formatUsd(cents, { cents: true });

interface Draft {
  kind: BuyerPriceKind;
  state: string;
  price: string;
}
const EMPTY: Draft = { kind: 'aged_lead', state: '', price: '' };

/** The typed price: dollars read into cents, within the bounds the API holds. */
const draftSchema = z.object({ kind: z.enum(BUYER_PRICE_KINDS), state: z.string(), price: z.string() }).transform((d, ctx) => {
  const cents = dollarsToCents(d.price);
  if (cents === null || cents < BUYER_PRICE_MIN_CENTS || cents > BUYER_PRICE_MAX_CENTS) {
    ctx.addIssue({ code: 'custom', path: ['price'], message: cents === null ? PRICE_TEXT_MESSAGE : BUYER_PRICE_RANGE_MESSAGE });
    return z.NEVER;
  }
  return { kind: d.kind, state: d.state || null, priceCents: cents };
});
type PriceInput = z.output<typeof draftSchema>;

/** The price field's message, named for its aria-describedby. */
function PriceError() {
  const error = useFieldError('price');
  return error ? (
    <p className="field-error" id="adm-price-error">
      {error}
    </p>
  ) : null;
}

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
  // A price picked from the table to edit starts a new form from it.
  const [start, setStart] = useState<{ draft: Draft; n: number }>({ draft: EMPTY, n: 0 });

  const onSubmit = async (input: PriceInput, form: FormMethods<Draft, PriceInput>) => {
    try {
      await save.mutateAsync(input);
      toast({
        title: 'Price saved',
        description: `${BUYER_PRICE_KIND_LABELS[input.kind]}${input.state ? ` in ${input.state}` : ''}: ${money(input.priceCents)} for this buyer.`,
      });
      form.reset(EMPTY);
    } catch (err) {
      // The API names the cents (priceCents): the form's field is the dollars typed.
      let refusal = err;
      if (err instanceof ApiError && err.fields?.priceCents) {
        const { priceCents, ...rest } = err.fields;
        refusal = new ApiError(err.message, err.status, { error: err.serverMessage, fields: { ...rest, price: priceCents } });
      }
      applyServerRefusal(form, refusal, 'Something went wrong. Please try again.');
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
          onEdit={(p) => setStart(({ n }) => ({ draft: { kind: p.kind, state: p.state ?? '', price: (p.priceCents / 100).toFixed(2) }, n: n + 1 }))}
        />
      )}
      <Form key={start.n} schema={draftSchema} defaultValues={start.draft} onSubmit={onSubmit} className="form-grid" aria-label="Set a price">
        {(form) => (
          <>
            <FormAlert />
            <div className="field">
              <label htmlFor="adm-price-kind">Kind</label>
              <Select name="kind" id="adm-price-kind">
                {BUYER_PRICE_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {BUYER_PRICE_KIND_LABELS[k]}
                  </option>
                ))}
              </Select>
              <FieldError name="kind" />
            </div>
            <div className="field">
              <label htmlFor="adm-price-state">State</label>
              <Select name="state" id="adm-price-state">
                <option value="">All states</option>
                {US_STATES.map((s) => (
                  <option key={s.code} value={s.code}>
                    {s.name} ({s.code})
                  </option>
                ))}
              </Select>
              <FieldError name="state" />
            </div>
            <div className="field">
              <label htmlFor="adm-price-amount">Price (USD)</label>
              <Input
                name="price"
                id="adm-price-amount"
                inputMode="decimal"
                placeholder="e.g. 7.25"
                aria-describedby={form.formState.errors.price ? 'adm-price-error' : undefined}
              />
              <PriceError />
            </div>
            <div className="adm-ctl-actions">
              <button type="submit" className="btn adm-btn-sm" disabled={save.isPending}>
                {save.isPending ? 'Saving...' : 'Save price'}
              </button>
            </div>
          </>
        )}
      </Form>
    </section>
  );
}
