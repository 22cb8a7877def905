// The Users tab's "Low balance" block (issue 36): active buyers at or below their own low-balance
// threshold (each buyer's own, 5 by default), lowest first, with a link to their page and the threshold
// editable in place (0: never low). Read from GET /api/admin/low-balance.
import { Link } from 'react-router';
import { z } from 'zod';
import { ApiError } from '@tm/shared/api-client';
import { lowBalanceThresholdSchema, THRESHOLD_MESSAGE, type LowBalanceBuyer } from '@tm/shared/schemas/buyer-balance';
import { formatDate } from '@tm/shared/logic/format';
import { useLowBalanceBuyers, useSetLowBalanceThreshold } from '../api/buyer-balance.ts';
import { useToast } from '../../../components/toast.tsx';
import { FieldError, Form, Input } from '../../../components/ui/form/index.ts';

/** The typed threshold, checked as the API checks it (a whole number of transfers). */
const thresholdFormSchema = z.object({
  threshold: z.string().trim().min(1, THRESHOLD_MESSAGE).transform(Number).pipe(lowBalanceThresholdSchema.shape.threshold),
});

function ThresholdCell({ buyer }: { buyer: LowBalanceBuyer }) {
  const mutation = useSetLowBalanceThreshold();
  const toast = useToast();
  const saved = String(buyer.threshold);
  const save = async ({ threshold }: { threshold: number }) => {
    try {
      await mutation.mutateAsync({ userId: buyer.userId, threshold });
      toast({ title: 'Threshold saved', description: `${buyer.name}: ${threshold} ${threshold === 1 ? 'transfer' : 'transfers'}` });
    } catch (err) {
      toast({ title: 'Error', description: err instanceof ApiError ? err.serverMessage : 'Failed to save the threshold', variant: 'destructive' });
    }
  };
  return (
    <Form schema={thresholdFormSchema} defaultValues={{ threshold: saved }} onSubmit={save} className="adm-inline-form">
      {(form) => (
        <>
          <Input
            name="threshold"
            id={`low-threshold-${buyer.userId}`}
            className="adm-low-threshold"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            aria-label={`Low-balance threshold of ${buyer.name}`}
          />{' '}
          <button type="submit" className="btn btn-outline adm-btn-sm" disabled={mutation.isPending || form.watch('threshold') === saved}>
            Save
          </button>
          <FieldError name="threshold" />
        </>
      )}
    </Form>
  );
}

export function LowBalanceBuyers() {
  const q = useLowBalanceBuyers();
  const items = q.data ?? [];
  return (
    <section className="card adm-low-balance" aria-labelledby="low-balance-title" data-testid="low-balance">
      <h2 id="low-balance-title">Low balance</h2>
      <p className="muted">Buyers whose transfers left are at or below their own threshold (5 unless set).</p>
      {q.isPending ? (
        <p className="muted">Loading...</p>
      ) : items.length === 0 ? (
        <p className="muted">No buyer is low.</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Buyer</th>
                <th scope="col">Transfers left</th>
                <th scope="col">Threshold</th>
                <th scope="col">Last paid</th>
              </tr>
            </thead>
            <tbody>
              {items.map((b) => (
                <tr key={b.userId} data-testid="low-balance-row">
                  <td>
                    <Link to={`/admin?user=${b.userId}`}>{b.name}</Link>
                    <div className="muted small">{b.email}</div>
                  </td>
                  <td>{b.balance}</td>
                  <td>
                    <ThresholdCell key={b.threshold} buyer={b} />
                  </td>
                  <td>{b.lastPaidAt ? formatDate(b.lastPaidAt) : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
