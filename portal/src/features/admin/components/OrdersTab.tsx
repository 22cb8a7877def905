// Orders tab: every order with its buyer, product, amount, status, fulfilment and payment id; filters by
// status, product, dates and buyer; server-side pages; CSV export of the filtered list. "View" opens the
// order: items, refunds, the timeline, Refund (whole or partial) and, for an owed order, its fulfilment.
import { CampaignText } from './CampaignFacts.tsx';
import { useTimeZone } from '../../../lib/time-zone.ts';
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { centsToDecimal } from '@tm/shared';
import { ApiError } from '@tm/shared/api-client';
import { formatDateTime } from '@tm/shared/logic/format';
import {
  ADMIN_ORDER_STATUSES,
  ADMIN_ORDER_STATUS_LABELS,
  FULFILMENT_LABELS,
  ORDER_PRODUCTS,
  ORDER_PRODUCT_LABELS,
  type AdminOrderDetail,
  type AdminOrderSummary,
} from '@tm/shared/schemas/admin-business';
import { useToast } from '../../../components/toast.tsx';
import { ordersParams, useCancelOrder, useFulfilmentAction, useOrder, useOrders, useRefundOrder, type OrderFilters } from '../api/orders.ts';
import { Field, Modal, useDebouncedValue } from './ui.tsx';
import { FilterSelect, PagedResults, filterOptions } from './SearchPagedList.tsx';
import { AbandonedCheckouts } from './AbandonedCheckouts.tsx';

const money = (cents: number) => `$${centsToDecimal(cents)}`;
// Order times through the portal's one formatter, on the New York clock with the zone named.
const when = (iso: string | null) => formatDateTime(iso);
const newKey = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`).replace(/[^A-Za-z0-9_-]/g, '');

function StatusBadge({ status }: { status: AdminOrderSummary['status'] }) {
  const tone =
    status === 'paid'
      ? 'adm-badge-ok'
      : status === 'refunded' || status === 'partially_refunded'
        ? 'adm-badge-warn'
        : status === 'pending'
          ? 'adm-badge-basic'
          : 'adm-badge-bad';
  return <span className={`adm-badge ${tone}`}>{ADMIN_ORDER_STATUS_LABELS[status] ?? status}</span>;
}

function FulfilmentBadge({ value }: { value: string | null }) {
  if (!value) return null;
  return <span className={`adm-badge ${value === 'fulfilled' ? 'adm-badge-ok' : 'adm-badge-warn'}`}>{FULFILMENT_LABELS[value] ?? value}</span>;
}

function OrderCard({ o, onView }: { o: AdminOrderSummary; onView: () => void }) {
  return (
    <li className="card adm-card" data-testid="order-card">
      <div className="adm-card-main">
        <div className="adm-card-title">
          <h3>
            Order #{o.id} · {o.description}
          </h3>
          <StatusBadge status={o.status} />
          <FulfilmentBadge value={o.fulfilmentStatus} />
        </div>
        <div className="adm-card-meta">
          <span>
            {o.buyer.name}
            {o.buyer.email ? ` · ${o.buyer.email}` : ''}
          </span>
          <span>
            {money(o.amountCents)}
            {o.refundedCents > 0 ? ` (refunded ${money(o.refundedCents)})` : ''}
          </span>
          <span>Created {when(o.createdAt)}</span>
          {o.paidAt && <span>Paid {when(o.paidAt)}</span>}
          {o.paymentIntentId && <span className="adm-mono">{o.paymentIntentId}</span>}
        </div>
      </div>
      <div className="adm-card-actions">
        <button type="button" className="btn btn-outline adm-btn-sm" onClick={onView} aria-label={`View order #${o.id}`}>
          View
        </button>
      </div>
    </li>
  );
}

/** Dollars as typed ("12", "12.5", "12.50") to cents; null when it is not an amount. */
function toCents(text: string): number | null {
  const t = text.trim().replace(/^\$/, '');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

type RefundKind = 'whole' | 'part' | 'money';

/** What a refund of `cents` takes out of the agent's balance (transfer orders), as the server counts it. */
function transfersTakenBy(order: AdminOrderDetail, cents: number, kind: RefundKind): number {
  if (!order.transfers || order.count <= 0 || kind === 'money') return 0;
  const unit = order.amountCents / order.count;
  const taking = order.refunds.filter((r) => !r.moneyOnly && (r.status === 'succeeded' || r.status === 'pending')).reduce((s, r) => s + r.amountCents, 0);
  const before = Math.min(order.transfers.count, Math.ceil(taking / unit));
  return Math.min(order.transfers.count, Math.ceil((taking + cents) / unit)) - before;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function RefundForm({ order }: { order: AdminOrderDetail }) {
  const toast = useToast();
  const refund = useRefundOrder(order.id);
  const [kind, setKind] = useState<RefundKind>('whole');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ cents: number; taken: number } | null>(null);
  const [key, setKey] = useState(newKey);
  const canMoneyOnly = !!order.transfers && order.moneyOnlyRefundableCents > 0;

  // The server's own rule (transferRefundableCents): a partly used transfer order can give back only what
  // its unused transfers are worth by taking them back; the rest only as money (decision 218).
  const takeBackMax = order.transferRefundableCents;
  const partlyUsed = !!order.transfers && takeBackMax < order.refundableCents;
  const cents = kind === 'whole' ? takeBackMax : toCents(amount);
  const transfersTaken = cents ? transfersTakenBy(order, cents, kind) : 0;
  const max = kind === 'money' ? order.moneyOnlyRefundableCents : takeBackMax;

  const review = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (cents === null || cents <= 0) return setError('Enter an amount in dollars, e.g. 25.00');
    if (cents > max) return setError(kind === 'money' ? `At most ${money(max)} can be refunded as money only` : `At most ${money(max)} can be refunded`);
    if (kind === 'money' && !reason.trim()) return setError('A money-only refund needs a reason');
    setConfirming({ cents, taken: transfersTaken });
  };

  const send = async () => {
    if (!confirming) return;
    try {
      const res = await refund.mutateAsync({
        amountCents: kind === 'whole' && !partlyUsed ? undefined : confirming.cents,
        reason: reason.trim() || undefined,
        ...(kind === 'money' ? { moneyOnly: true } : {}),
        idempotencyKey: key,
      });
      toast({ title: res.duplicate ? 'This refund was already made' : `Refunded ${money(res.refund.amountCents)}` });
      setAmount('');
      setReason('');
      setKind('whole');
      setKey(newKey());
    } catch (err) {
      setError(err instanceof ApiError ? err.serverMessage : 'The refund failed. Please try again.');
      setKey(newKey());
    } finally {
      setConfirming(null);
    }
  };

  return (
    <form onSubmit={review} noValidate className="adm-refund" aria-label="Refund">
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
          <input type="radio" name="refund-kind" checked={kind === 'whole'} onChange={() => setKind('whole')} disabled={takeBackMax <= 0} />{' '}
          {partlyUsed && order.transfers
            ? `Every unused transfer back (${plural(order.transfers.remaining, 'transfer', 'transfers')}, ${money(takeBackMax)})`
            : `Whole remaining amount (${money(order.refundableCents)})`}
        </label>
        <label className="adm-radio">
          <input type="radio" name="refund-kind" checked={kind === 'part'} onChange={() => setKind('part')} /> Part of it
        </label>
        {canMoneyOnly && (
          <label className="adm-radio">
            <input type="radio" name="refund-kind" checked={kind === 'money'} onChange={() => setKind('money')} /> Money only (goodwill), no transfers taken
            back (at most {money(order.moneyOnlyRefundableCents)})
          </label>
        )}
        {kind !== 'whole' && (
          <Field id="refund-amount" label="Amount to refund (USD)">
            <input
              id="refund-amount"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              placeholder="0.00"
              aria-invalid={!!error}
            />
          </Field>
        )}
      </fieldset>
      <Field id="refund-reason" label={kind === 'money' ? 'Reason (required)' : 'Reason (optional)'}>
        <input id="refund-reason" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      </Field>
      {order.transfers && cents !== null && cents > 0 && (
        <p className="small" data-testid="refund-transfers-note">
          {kind === 'money'
            ? "No transfers are taken out of the agent's balance."
            : `This takes ${plural(transfersTaken, 'transfer', 'transfers')} out of the agent's balance (${order.transfers.remaining} unused now).`}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="adm-actions">
        <button type="submit" className="btn btn-danger" disabled={refund.isPending}>
          {refund.isPending ? 'Refunding...' : 'Refund'}
        </button>
      </div>
      <Modal open={confirming !== null} title="Confirm refund" onClose={() => setConfirming(null)}>
        {confirming && (
          <div data-testid="refund-confirm">
            <p>
              Refund <strong>{money(confirming.cents)}</strong> of order #{order.id} to {order.buyer.name}'s card
              {order.cardLast4 ? ` (•••• ${order.cardLast4})` : ''}?
            </p>
            <p data-testid="refund-confirm-takes">
              {order.transfers
                ? kind === 'money'
                  ? "Money only: no transfers are taken out of the agent's balance."
                  : `It takes ${plural(confirming.taken, 'transfer', 'transfers')} out of the agent's balance (${order.transfers.remaining} unused now, ${Math.max(0, order.transfers.remaining - confirming.taken)} after).`
                : 'It takes nothing back from the buyer.'}
            </p>
            <p className="muted small">
              {money(Math.max(0, order.refundableCents - confirming.cents))} will be left to refund. The agent is e-mailed about the refund. A refund cannot be
              undone.
            </p>
            <div className="adm-actions">
              <button type="button" className="btn btn-outline" onClick={() => setConfirming(null)}>
                Cancel
              </button>
              <button type="button" className="btn btn-danger" onClick={() => void send()} disabled={refund.isPending}>
                {refund.isPending ? 'Refunding...' : `Refund ${money(confirming.cents)}`}
              </button>
            </div>
          </div>
        )}
      </Modal>
    </form>
  );
}

function CancelPending({ order }: { order: AdminOrderDetail }) {
  const toast = useToast();
  const cancel = useCancelOrder(order.id);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setError(null);
    try {
      await cancel.mutateAsync();
      toast({ title: `Order #${order.id} canceled` });
    } catch (err) {
      setError(err instanceof ApiError ? err.serverMessage : 'That did not work. Please try again.');
    } finally {
      setAsking(false);
    }
  };
  return (
    <section className="adm-fulfil" aria-label="Cancel order">
      <h3>Unpaid order</h3>
      {asking ? (
        <div role="group" aria-label="Confirm cancel" data-testid="cancel-confirm">
          <p className="small">
            Cancel order #{order.id}? Its payment ({money(order.amountCents)}) can no longer be made, and anything it holds goes back on sale.
          </p>
          <div className="adm-actions adm-actions-start">
            <button type="button" className="btn btn-outline" onClick={() => setAsking(false)}>
              Keep it
            </button>
            <button type="button" className="btn btn-danger" disabled={cancel.isPending} onClick={() => void run()}>
              {cancel.isPending ? 'Canceling...' : 'Cancel order'}
            </button>
          </div>
        </div>
      ) : (
        <div className="adm-actions adm-actions-start">
          <button type="button" className="btn btn-outline" onClick={() => setAsking(true)}>
            Cancel this order...
          </button>
        </div>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

function FulfilmentActions({ order }: { order: AdminOrderDetail }) {
  const toast = useToast();
  const act = useFulfilmentAction(order.id);
  const [count, setCount] = useState('1');
  const [error, setError] = useState<string | null>(null);
  if (order.fulfilmentStatus !== 'partial' && order.fulfilmentStatus !== 'owed') return null;
  const isCallbacks = order.items.some((i) => i.kind === 'callback');
  const run = async (a: { action: 'fulfil' } | { action: 'deliveries'; count: number }) => {
    setError(null);
    try {
      await act.mutateAsync(a);
      toast({ title: a.action === 'fulfil' ? 'Order fulfilment updated' : 'Deliveries recorded' });
    } catch (err) {
      setError(err instanceof ApiError ? err.serverMessage : 'That did not work. Please try again.');
    }
  };
  return (
    <section className="adm-fulfil" aria-label="Fulfilment">
      <h3>Fulfilment</h3>
      <p className="small">
        Owed: {order.quantityOwed} · Delivered: {order.quantityDelivered}
      </p>
      <div className="adm-actions adm-actions-start">
        {isCallbacks ? (
          <>
            <label htmlFor="delivered-count" className="small">
              Call-backs delivered
            </label>
            <input id="delivered-count" className="adm-count" inputMode="numeric" value={count} onChange={(e) => setCount(e.target.value)} />
            <button
              type="button"
              className="btn btn-outline"
              disabled={act.isPending}
              onClick={() => {
                const n = Number(count);
                if (!Number.isInteger(n) || n < 1) return setError('Enter how many call-backs were delivered');
                void run({ action: 'deliveries', count: n });
              }}
            >
              Record deliveries
            </button>
          </>
        ) : (
          <button type="button" className="btn btn-outline" disabled={act.isPending} onClick={() => void run({ action: 'fulfil' })}>
            Complete fulfilment
          </button>
        )}
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

function OrderDetail({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { data: o, isPending, isError } = useOrder(id);
  const tz = useTimeZone();
  return (
    <Modal open={id !== null} title={id ? `Order #${id}` : 'Order'} onClose={onClose}>
      {isPending ? (
        <p className="adm-empty">Loading order...</p>
      ) : isError || !o ? (
        <p className="form-error" role="alert">
          Failed to load the order. Please try again.
        </p>
      ) : (
        <div className="adm-order" data-testid="order-detail">
          <div className="adm-card-title adm-wrap">
            <StatusBadge status={o.status} />
            <FulfilmentBadge value={o.fulfilmentStatus} />
            <span className="muted small">{o.product}</span>
          </div>
          <dl className="adm-dl">
            <dt>Buyer</dt>
            <dd>
              {o.buyer.name}
              {o.buyer.email ? ` · ${o.buyer.email}` : ''}
              {o.buyer.phone ? ` · ${o.buyer.phone}` : ''}
            </dd>
            <dt>Amount</dt>
            <dd>
              {money(o.amountCents)}
              {o.refundedCents > 0 ? ` · refunded ${money(o.refundedCents)} · net paid ${money(o.netPaidCents)}` : ''}
            </dd>
            <dt>Campaign</dt>
            <dd className="adm-wrap">
              <CampaignText attribution={o.attribution} tz={tz} testId="order-campaign" />
            </dd>
            <dt>Payment</dt>
            <dd className="adm-mono">
              {o.paymentIntentId ?? '—'}
              {o.cardLast4 ? ` · card •••• ${o.cardLast4}` : ''}
            </dd>
            {o.holdExpiresAt && (
              <>
                <dt>Hold expires</dt>
                <dd data-testid="order-hold-expires">{formatDateTime(o.holdExpiresAt)}</dd>
              </>
            )}
            {o.failureMessage && (
              <>
                <dt>Message</dt>
                <dd>{o.failureMessage}</dd>
              </>
            )}
            {o.transfers && (
              <>
                <dt>Transfers</dt>
                <dd>
                  {o.transfers.count} bought · {o.transfers.used} used · {o.transfers.refunded} refunded · {o.transfers.remaining} unused
                </dd>
              </>
            )}
          </dl>
          <h3>Items</h3>
          {o.items.length === 0 ? (
            <p className="muted small" data-testid="order-no-items">
              No line items for this order.
            </p>
          ) : (
            <div className="adm-table-wrap">
              <table className="adm-table">
                <thead>
                  <tr>
                    <th>Item</th>
                    <th>Quantity</th>
                    <th>Unit</th>
                    <th>Amount</th>
                  </tr>
                </thead>
                <tbody>
                  {o.items.map((i, n) => (
                    <tr key={n}>
                      <td>
                        {i.kind.replace(/_/g, ' ')}
                        {i.itemId ? ` #${i.itemId}` : ''}
                      </td>
                      <td>{i.quantity}</td>
                      <td>{i.priceBasis ? `${money(i.unitPriceCents)} (${i.priceBasis})` : money(i.unitPriceCents)}</td>
                      <td>{money(i.amountCents)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {o.refunds.length > 0 && (
            <>
              <h3>Refunds</h3>
              <ul className="adm-refunds" aria-label="Refunds">
                {o.refunds.map((r) => (
                  <li key={r.id} data-testid="order-refund">
                    <strong>{money(r.amountCents)}</strong> · {when(r.createdAt)}
                    {r.status !== 'succeeded' ? ` · ${r.status}` : ''}
                    {o.transfers
                      ? r.moneyOnly
                        ? ' · money only, no transfers taken back'
                        : ` · ${plural(r.transfersTakenBack, 'transfer', 'transfers')} taken back`
                      : ''}
                    {r.createdBy ? <span className="muted"> · by {r.createdBy}</span> : null}
                    {r.reason ? <span className="muted"> · {r.reason}</span> : null}
                    {r.failureMessage ? <span className="muted"> · {r.failureMessage}</span> : null}
                  </li>
                ))}
              </ul>
            </>
          )}
          <FulfilmentActions order={o} />
          {o.status === 'pending' && <CancelPending order={o} />}
          {o.refundableCents > 0 && <RefundForm order={o} />}
          <h3>Timeline</h3>
          <ol className="adm-timeline" aria-label="Timeline">
            {o.timeline.map((e, n) => (
              <li key={n}>
                <span className="adm-timeline-when muted small">{when(e.at)}</span>
                <span>
                  <strong>{e.label}</strong>
                  {e.type === 'refund' && typeof e.detail?.amountCents === 'number' ? ` ${money(e.detail.amountCents)}` : ''}
                  {e.actor ? <span className="muted"> by {e.actor}</span> : null}
                  {typeof e.detail?.reason === 'string' && e.detail.reason ? <span className="muted"> · {e.detail.reason}</span> : null}
                  {typeof e.detail?.message === 'string' ? <span className="muted"> · {e.detail.message}</span> : null}
                </span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </Modal>
  );
}

const FILTER_KEYS = ['status', 'product', 'from', 'to', 'q'] as const satisfies ReadonlyArray<keyof OrderFilters>;

/** The filters and page live in the URL (?status=&product=&from=&to=&q=&page=), so a reload or Back keeps them. */
function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ''])) as unknown as OrderFilters;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const update = (patch: Partial<Record<keyof OrderFilters | 'page', string>>, replace = false) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        if (!('page' in patch)) next.delete('page');
        return next;
      },
      { replace },
    );
  return { filters, page, update };
}

const STATUS_FILTER = filterOptions({ value: '', label: 'All statuses' }, ADMIN_ORDER_STATUSES, ADMIN_ORDER_STATUS_LABELS);
const PRODUCT_FILTER = filterOptions({ value: '', label: 'All products' }, ORDER_PRODUCTS, ORDER_PRODUCT_LABELS);

export function OrdersTab() {
  const { filters: applied, page, update } = useUrlFilters();
  const [viewing, setViewing] = useState<number | null>(null);
  // The search box is typed into here; the URL follows once typing pauses (replacing, not adding, history).
  const [search, setSearch] = useState(applied.q);
  const typed = useDebouncedValue(search.trim(), 250);
  useEffect(() => {
    if (typed !== applied.q) update({ q: typed }, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the typed text settles
  }, [typed]);
  // Back / Forward to other filters: the box shows the URL's search.
  useEffect(() => setSearch(applied.q), [applied.q]);
  const orders = useOrders(applied, page);
  const set = (k: Exclude<keyof OrderFilters, 'q'>) => (e: { target: { value: string } }) => update({ [k]: e.target.value });
  const filters = { ...applied, q: search };
  const filtering = Object.values(applied).some(Boolean);
  return (
    <div>
      <AbandonedCheckouts />
      <div className="adm-toolbar adm-filters">
        <input
          type="search"
          className="adm-search"
          placeholder="Search buyer name or email..."
          aria-label="Search buyer name or email"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <FilterSelect label="Status" value={filters.status} options={STATUS_FILTER} onChange={(status) => update({ status })} />
        <FilterSelect label="Product" value={filters.product} options={PRODUCT_FILTER} onChange={(product) => update({ product })} />
        <label className="adm-date">
          From <input type="date" value={filters.from} onChange={set('from')} />
        </label>
        <label className="adm-date">
          To <input type="date" value={filters.to} onChange={set('to')} />
        </label>
        <a className="btn btn-outline" href={`/api/admin/orders.csv?${ordersParams(applied)}`} download>
          Export CSV
        </a>
      </div>
      <PagedResults
        query={orders}
        noun="orders"
        title="Orders"
        onPage={(p) => update({ page: p > 1 ? String(p) : '' })}
        empty={filtering ? 'No orders match these filters' : 'No orders yet'}
        errorMessage={(error) => (error instanceof ApiError ? error.serverMessage : 'Failed to load orders. Please try again.')}
        renderList={(items, data) => (
          <>
            <p className="muted small">
              {data.total.toLocaleString('en-US')} order{data.total === 1 ? '' : 's'}
            </p>
            <ul className="adm-list" aria-label="Orders">
              {items.map((o) => (
                <OrderCard key={o.id} o={o} onView={() => setViewing(o.id)} />
              ))}
            </ul>
          </>
        )}
      />
      <OrderDetail id={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
