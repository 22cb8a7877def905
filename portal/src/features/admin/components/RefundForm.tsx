// Admin > Orders > View > Refund: the whole remaining amount, part of it, or (a transfer order) money only
// as goodwill; what it takes back from the agent's balance, shown before and asked again in a
// confirmation. The server computes and checks the same (decision 218); its refusals land on the form.
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { REFUND_REASON_REQUIRED, type AdminOrderDetail } from '@tm/shared/schemas/admin-business';
import { useToast } from '../../../components/toast.tsx';
import { Field, FieldError, Form, FormAlert, Input, applyServerRefusal, type FormMethods } from '../../../components/ui/form/index.ts';
import { useRefundOrder } from '../api/orders.ts';
import { Modal } from './ui.tsx';
import { money, plural } from './order-format.tsx';

const newKey = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`).replace(/[^A-Za-z0-9_-]/g, '');

/** Dollars as typed ("12", "12.5", "12.50") to cents; null when it is not an amount. */
function toCents(text: string): number | null {
  const t = text.trim().replace(/^\$/, '');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

type RefundKind = 'whole' | 'part' | 'money';
type RefundFields = { kind: RefundKind; amount: string; reason: string };

/** What a refund of `cents` takes out of the agent's balance (transfer orders), as the server counts it. */
function transfersTakenBy(order: AdminOrderDetail, cents: number, kind: RefundKind): number {
  if (!order.transfers || order.count <= 0 || kind === 'money') return 0;
  const unit = order.amountCents / order.count;
  const taking = order.refunds.filter((r) => !r.moneyOnly && (r.status === 'succeeded' || r.status === 'pending')).reduce((s, r) => s + r.amountCents, 0);
  const before = Math.min(order.transfers.count, Math.ceil(taking / unit));
  return Math.min(order.transfers.count, Math.ceil((taking + cents) / unit)) - before;
}

// The server's own rule (transferRefundableCents): a partly used transfer order can give back only what
// its unused transfers are worth by taking them back; the rest only as money (decision 218).
const centsOf = (order: AdminOrderDetail, v: RefundFields) => (v.kind === 'whole' ? order.transferRefundableCents : toCents(v.amount));
const maxOf = (order: AdminOrderDetail, kind: RefundKind) => (kind === 'money' ? order.moneyOnlyRefundableCents : order.transferRefundableCents);

/** The form's checks for this order, each message on its field; the output is the refund to confirm. */
function refundSchema(order: AdminOrderDetail) {
  return z
    .object({ kind: z.enum(['whole', 'part', 'money']), amount: z.string(), reason: z.string() })
    .superRefine((v, ctx) => {
      const cents = centsOf(order, v);
      const max = maxOf(order, v.kind);
      const path = [v.kind === 'whole' ? 'kind' : 'amount'];
      if (cents === null || cents <= 0) ctx.addIssue({ code: 'custom', path, message: 'Enter an amount in dollars, e.g. 25.00' });
      else if (cents > max)
        ctx.addIssue({
          code: 'custom',
          path,
          message: v.kind === 'money' ? `At most ${money(max)} can be refunded as money only` : `At most ${money(max)} can be refunded`,
        });
      if (v.kind === 'money' && !v.reason.trim()) ctx.addIssue({ code: 'custom', path: ['reason'], message: REFUND_REASON_REQUIRED });
    })
    .transform((v) => ({ kind: v.kind, reason: v.reason.trim(), cents: centsOf(order, v)!, taken: transfersTakenBy(order, centsOf(order, v)!, v.kind) }));
}
type Confirming = z.output<ReturnType<typeof refundSchema>>;
const EMPTY: RefundFields = { kind: 'whole', amount: '', reason: '' };

export function RefundForm({ order }: { order: AdminOrderDetail }) {
  const schema = useMemo(() => refundSchema(order), [order]);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  return (
    <Form
      schema={schema}
      defaultValues={EMPTY}
      className="adm-refund"
      aria-label="Refund"
      fallbackError="The refund failed. Please try again."
      onSubmit={(refund) => setConfirming(refund)}
    >
      {(form) => <RefundFields order={order} form={form} confirming={confirming} onConfirmed={() => setConfirming(null)} />}
    </Form>
  );
}

function RefundFields({
  order,
  form,
  confirming,
  onConfirmed,
}: {
  order: AdminOrderDetail;
  form: FormMethods<RefundFields, Confirming>;
  confirming: Confirming | null;
  onConfirmed: () => void;
}) {
  const toast = useToast();
  const refund = useRefundOrder(order.id);
  const [key, setKey] = useState(newKey);
  const canMoneyOnly = !!order.transfers && order.moneyOnlyRefundableCents > 0;
  const takeBackMax = order.transferRefundableCents;
  const partlyUsed = !!order.transfers && takeBackMax < order.refundableCents;
  const kind = form.watch('kind');
  const cents = centsOf(order, { kind, amount: form.watch('amount'), reason: '' });
  const transfersTaken = cents ? transfersTakenBy(order, cents, kind) : 0;

  const send = async () => {
    if (!confirming) return;
    try {
      const res = await refund.mutateAsync({
        amountCents: confirming.kind === 'whole' && !partlyUsed ? undefined : confirming.cents,
        reason: confirming.reason || undefined,
        ...(confirming.kind === 'money' ? { moneyOnly: true } : {}),
        idempotencyKey: key,
      });
      toast({ title: res.duplicate ? 'This refund was already made' : `Refunded ${money(res.refund.amountCents)}` });
      form.reset(EMPTY);
    } catch (err) {
      applyServerRefusal(form, err, 'The refund failed. Please try again.');
    } finally {
      setKey(newKey());
      onConfirmed();
    }
  };

  return (
    <>
      <h3>Refund</h3>
      <p className="muted small">
        Left to refund: {money(order.refundableCents)} of {money(order.amountCents)}. The money goes back to the buyer's card through the payment provider.
      </p>
      {partlyUsed && order.transfers && (
        <p className="small" data-testid="refund-used-note">
          {plural(order.transfers.used, 'transfer', 'transfers')} of this order {order.transfers.used === 1 ? 'was' : 'were'} delivered and cannot be taken
          back: a refund that takes transfers back gives at most {money(takeBackMax)}.
        </p>
      )}
      <fieldset className="adm-fieldset">
        <legend className="small">Amount</legend>
        <label className="adm-radio">
          <input type="radio" value="whole" {...form.register('kind')} disabled={takeBackMax <= 0} />{' '}
          {partlyUsed && order.transfers
            ? `Every unused transfer back (${plural(order.transfers.remaining, 'transfer', 'transfers')}, ${money(takeBackMax)})`
            : `Whole remaining amount (${money(order.refundableCents)})`}
        </label>
        <label className="adm-radio">
          <input type="radio" value="part" {...form.register('kind')} /> Part of it
        </label>
        {canMoneyOnly && (
          <label className="adm-radio">
            <input type="radio" value="money" {...form.register('kind')} /> Money only (goodwill), no transfers taken back (at most{' '}
            {money(order.moneyOnlyRefundableCents)})
          </label>
        )}
        <FieldError name="kind" />
        {kind !== 'whole' && (
          <Field id="refund-amount" name="amount" label="Amount to refund (USD)">
            <Input id="refund-amount" name="amount" inputMode="decimal" placeholder="0.00" />
          </Field>
        )}
      </fieldset>
      <Field id="refund-reason" name="reason" label={kind === 'money' ? 'Reason (required)' : 'Reason (optional)'}>
        <Input id="refund-reason" name="reason" maxLength={500} />
      </Field>
      {order.transfers && cents !== null && cents > 0 && (
        <p className="small" data-testid="refund-transfers-note">
          {kind === 'money'
            ? "No transfers are taken out of the agent's balance."
            : `This takes ${plural(transfersTaken, 'transfer', 'transfers')} out of the agent's balance (${order.transfers.remaining} unused now).`}
        </p>
      )}
      <FormAlert />
      <div className="adm-actions">
        <button type="submit" className="btn btn-danger" disabled={refund.isPending}>
          {refund.isPending ? 'Refunding...' : 'Refund'}
        </button>
      </div>
      <Modal open={confirming !== null} title="Confirm refund" onClose={onConfirmed}>
        {confirming && (
          <div data-testid="refund-confirm">
            <p>
              Refund <strong>{money(confirming.cents)}</strong> of order #{order.id} to {order.buyer.name}'s card
              {order.cardLast4 ? ` (•••• ${order.cardLast4})` : ''}?
            </p>
            <p data-testid="refund-confirm-takes">
              {order.transfers
                ? confirming.kind === 'money'
                  ? "Money only: no transfers are taken out of the agent's balance."
                  : `It takes ${plural(confirming.taken, 'transfer', 'transfers')} out of the agent's balance (${order.transfers.remaining} unused now, ${Math.max(0, order.transfers.remaining - confirming.taken)} after).`
                : 'It takes nothing back from the buyer.'}
            </p>
            <p className="muted small">
              {money(Math.max(0, order.refundableCents - confirming.cents))} will be left to refund. The agent is e-mailed about the refund. A refund cannot be
              undone.
            </p>
            <div className="adm-actions">
              <button type="button" className="btn btn-outline" onClick={onConfirmed}>
                Cancel
              </button>
              <button type="button" className="btn btn-danger" onClick={() => void send()} disabled={refund.isPending}>
                {refund.isPending ? 'Refunding...' : `Refund ${money(confirming.cents)}`}
              </button>
            </div>
          </div>
        )}
      </Modal>
    </>
  );
}
