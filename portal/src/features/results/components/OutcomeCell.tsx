// The outcome of one bought item on Results: a choice from the list saves at once; a sale asks for the
// annual premium first, in a small <Form schema> (issue 39 point 1) that says under it what is wrong.
import { useState } from 'react';
import { z } from 'zod';
import { formatUsd } from '@tm/shared';
import { ApiError } from '@tm/shared/api-client';
import { OUTCOME_STATUSES, needsPremium, type OutcomeItemView, type OutcomeStatus } from '@tm/shared/schemas/outcomes';
import { FieldError, Form, FormAlert, Input } from '../../../components/ui/form/index.ts';
import { useSaveOutcome } from '../api/results.ts';

const dateKey = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export const PREMIUM_MESSAGE = 'Enter the annual premium';

/** The premium as typed ("$1,500"), read into whole cents. */
const premiumSchema = z.object({ premium: z.string() }).transform((v, ctx) => {
  const n = Number(v.premium.replace(/[$,\s]/g, ''));
  if (!v.premium.trim() || !Number.isFinite(n) || n < 0) {
    ctx.addIssue({ code: 'custom', path: ['premium'], message: PREMIUM_MESSAGE });
    return z.NEVER;
  }
  return { premiumCents: Math.round(n * 100) };
});

export function OutcomeCell({ item }: { item: OutcomeItemView }) {
  const save = useSaveOutcome();
  const [pending, setPending] = useState<OutcomeStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const values = (status: OutcomeStatus, premiumCents: number | null) => ({
    itemType: item.itemType,
    itemId: item.itemId,
    values: { status, premiumCents, date: dateKey(new Date()) },
  });
  // A choice without a premium saves at once; its refusal shows below the cell.
  const choose = (status: OutcomeStatus) => {
    setError(null);
    save.mutate(values(status, null), {
      onSuccess: () => setPending(null),
      onError: (err) => setError(err instanceof ApiError ? err.serverMessage : 'Could not save'),
    });
  };
  const label = `Outcome of ${item.name}`;
  return (
    <div className="res-outcome">
      <select
        aria-label={label}
        value={pending ?? item.outcome ?? ''}
        disabled={save.isPending}
        onChange={(e) => {
          const s = e.target.value as OutcomeStatus;
          if (!s) return;
          if (needsPremium(s)) setPending(s);
          else choose(s);
        }}
      >
        <option value="">Record outcome…</option>
        {OUTCOME_STATUSES.map((s) => (
          <option key={s.code} value={s.code}>
            {s.label}
          </option>
        ))}
      </select>
      {pending && (
        <Form
          schema={premiumSchema}
          defaultValues={{ premium: item.premiumCents ? String(item.premiumCents / 100) : '' }}
          onSubmit={async ({ premiumCents }) => {
            setError(null);
            await save.mutateAsync(values(pending, premiumCents));
            setPending(null);
          }}
          fallbackError="Could not save"
        >
          <div className="res-premium">
            <label>
              <span className="sr-only">Annual premium (USD) for {item.name}</span>
              <Input
                name="premium"
                id={`res-premium-${item.itemType}-${item.itemId}`}
                inputMode="decimal"
                placeholder="Annual premium $"
                aria-label={`Annual premium for ${item.name}`}
              />
            </label>
            <button type="submit" className="btn res-btn-sm" disabled={save.isPending}>
              Save
            </button>
          </div>
          <FieldError name="premium" />
          <FormAlert className="field-error" />
        </Form>
      )}
      {item.outcome && !pending && item.premiumCents !== null && needsPremium(item.outcome) && (
        <span className="muted small">{formatUsd(item.premiumCents)} premium</span>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
