// Buy Call Transfers: what a transfer is (info cards, with the agent's own price), then the order
// flow: a form prefilled from the agent's survey, then the embedded payment form (Back to Form
// returns). The created order is kept in browser storage so /transfer-checkout can finish it too.
import { useState } from 'react';
import { Link } from 'react-router';
import type { ZodType } from 'zod';
import { ApiError } from '@tm/shared/api-client';
import { formatUsd, TIERS } from '@tm/shared';
import {
  PENDING_TRANSFER_ORDER_KEY,
  transferOrderSchema,
  type PendingTransferOrder,
  type TransferOrderCreated,
  type TransferOrderFormValues,
  type TransferOrderInput,
  type UserSurvey,
} from '@tm/shared/schemas/dashboard';
import { statesNamedIn } from '@tm/shared/us-states';
import { PRICE_SOURCE_LABEL, priceSourceNote, type DashboardTransferPrice } from '@tm/shared/logic/price-story';
import { UsStateChecklist } from '../../../components/UsStateChecklist.tsx';
import type { SessionUser } from '../../../lib/current-user.ts';
import { useToast } from '../../../components/toast.tsx';
import { useUserSurvey } from '../api/user-survey.ts';
import { useTransferControls } from '../api/transfer-controls.ts';
import { controlsHoursText, orderSettingsChanges, type OrderableControls } from '@tm/shared/logic/order-settings';
import { useCallTransferOrder } from '../api/call-transfer-order.ts';
import { PaymentStep } from './PaymentStep.tsx';
import { Spinner } from './ui.tsx';
import { Icon } from '../../../components/layout/Icon.tsx';
import { NO_CLIENT_SECRET_TEXT } from '../../../lib/messages.ts';
import { applyServerRefusal, Form, Input, useFieldError, type FormMethods } from '../../../components/ui/form/index.ts';

const orderFormSchema = transferOrderSchema as unknown as ZodType<TransferOrderInput, TransferOrderFormValues>;

/** A field's message, named for its input's aria-describedby. */
function OrderError({ name }: { name: keyof TransferOrderFormValues }) {
  const error = useFieldError(name);
  return error ? (
    <p className="field-error" id={`order-${name}-error`} role="alert">
      {error}
    </p>
  ) : null;
}

const BUFFER_SECONDS = TIERS.standard.bufferSeconds;
type Step = 'info' | 'form' | 'payment';

export function savePendingTransferOrder(order: PendingTransferOrder): void {
  try {
    localStorage.setItem(PENDING_TRANSFER_ORDER_KEY, JSON.stringify(order));
  } catch {
    /* storage unavailable: the embedded payment form still works */
  }
}

function InfoCards({ price }: { price: DashboardTransferPrice }) {
  return (
    <div className="dash-info-cards">
      <div className="card dash-info-card">
        <div className="dash-info-icon">
          <Icon name="bolt" size={26} />
        </div>
        <h3>Instant Transfers</h3>
        <p className="muted">Qualified prospects are transferred live to your phone the moment they say yes.</p>
      </div>
      <div className="card dash-info-card">
        <div className="dash-info-icon">
          <Icon name="timer" size={26} />
        </div>
        <h3>{BUFFER_SECONDS}-Second Buffer</h3>
        <p className="muted">You only pay for calls that last over {BUFFER_SECONDS} seconds.</p>
      </div>
      <div className="card dash-info-card dash-info-card-accent">
        <div className="dash-info-icon">
          <Icon name="dollar" size={26} />
        </div>
        <h3>Your Price</h3>
        <p className="dash-big-price" data-testid="your-price">
          {formatUsd(price.cents, { cents: true })}
        </p>
        <p className="muted">per transfer</p>
        <p className="dash-price-source" data-testid="your-price-source">
          <strong>{PRICE_SOURCE_LABEL[price.source]}.</strong> {priceSourceNote(price)}
        </p>
      </div>
    </div>
  );
}

/**
 * Whether the survey gave the form anything: an amount, hours, a state it names, or a phone other than
 * the account's own (the API falls back to that one). Only then does the form say it was prefilled.
 */
function prefilledFromSurvey(s: UserSurvey | undefined, accountPhone: string | null | undefined): boolean {
  if (!s) return false;
  return (
    s.totalTransfers !== null ||
    s.transfersPerDay !== null ||
    s.callsPerDay !== null ||
    !!s.transferHours?.trim() ||
    statesNamedIn(s.workingStates).length > 0 ||
    (!!s.phone && s.phone !== (accountPhone ?? ''))
  );
}

function OrderForm({
  user,
  initial,
  onCreated,
  onCancel,
}: {
  user: SessionUser;
  /** What the agent entered before (Back to Form): wins over the survey prefill. */
  initial?: TransferOrderInput;
  onCreated: (order: TransferOrderCreated, input: TransferOrderInput) => void;
  onCancel: () => void;
}) {
  const toast = useToast();
  const survey = useUserSurvey(!initial);
  const controls = useTransferControls();
  const order = useCallTransferOrder();

  if ((!initial && survey.isPending) || controls.isPending) return <Spinner label="Loading your details..." />;

  // A re-order starts from the agent's current Transfer Controls (decision 217); what the controls leave
  // open (no hours, no states, no cap) comes from the onboarding survey. What the agent entered before wins.
  const s = survey.data;
  const c = controls.data;
  const defaults: TransferOrderFormValues = initial
    ? { ...initial, workingStates: statesNamedIn(initial.workingStates) }
    : s && c
      ? {
          totalTransfers: s.totalTransfers ?? 25,
          callsPerDay: c.callsPerDay ?? s.transfersPerDay ?? s.callsPerDay ?? 5,
          transferHours: controlsHoursText(c) || (s.transferHours ?? ''),
          transferPhone: s.phone ?? user.phone ?? '',
          workingStates: c.workingStates.length ? c.workingStates : statesNamedIn(s.workingStates),
        }
      : { totalTransfers: 25, callsPerDay: 5, transferHours: '', transferPhone: user.phone ?? '', workingStates: [] };

  const onSubmit = async (values: TransferOrderInput, form: FormMethods<TransferOrderFormValues, TransferOrderInput>) => {
    try {
      const created = await order.mutateAsync(values);
      if (!created.clientSecret) {
        toast({ title: 'Error', description: NO_CLIENT_SECRET_TEXT, variant: 'destructive' });
        return;
      }
      onCreated(created, values);
    } catch (err) {
      // The fields the API names go under those fields; the refusal itself is a toast.
      applyServerRefusal(form, err, 'Failed to create order');
      toast({ title: 'Error', description: err instanceof ApiError ? err.serverMessage : 'Failed to create order', variant: 'destructive' });
    }
  };

  return (
    <Form schema={orderFormSchema} defaultValues={defaults} onSubmit={onSubmit} className="card dash-order-form" aria-labelledby="order-form-title">
      {(form) => {
        const errors = form.formState.errors;
        const describedBy = (name: keyof TransferOrderFormValues) => (errors[name] ? `order-${name}-error` : undefined);
        const count = form.watch('totalTransfers');
        const estimate = Number.isInteger(count) && count > 0 ? count * user.liveTransferPriceCents : null;
        return (
          <>
            <h3 id="order-form-title">Order Call Transfers</h3>
            <p className="muted small">
              {!initial && prefilledFromSurvey(survey.data, user.phone) && 'We prefilled this from your onboarding answers. '}Lead type: Live Transfers.
            </p>
            <div className="dash-form-grid">
              <div className="field">
                <label htmlFor="order-totalTransfers">Total transfers</label>
                <Input
                  name="totalTransfers"
                  id="order-totalTransfers"
                  type="number"
                  min={1}
                  step={1}
                  inputMode="numeric"
                  aria-describedby={describedBy('totalTransfers')}
                  options={{ valueAsNumber: true }}
                />
                <OrderError name="totalTransfers" />
              </div>
              <div className="field">
                <label htmlFor="order-callsPerDay">Transfers per day</label>
                <Input
                  name="callsPerDay"
                  id="order-callsPerDay"
                  type="number"
                  min={1}
                  step={1}
                  inputMode="numeric"
                  aria-describedby={describedBy('callsPerDay')}
                  options={{ valueAsNumber: true }}
                />
                <OrderError name="callsPerDay" />
              </div>
              <div className="field">
                <label htmlFor="order-transferHours">Transfer hours</label>
                <Input name="transferHours" id="order-transferHours" placeholder="e.g. 9am-5pm EST, Mon-Fri" aria-describedby={describedBy('transferHours')} />
                <OrderError name="transferHours" />
              </div>
              <div className="field">
                <label htmlFor="order-transferPhone">Phone to receive transfers</label>
                <Input name="transferPhone" id="order-transferPhone" type="tel" autoComplete="tel" aria-describedby={describedBy('transferPhone')} />
                <OrderError name="transferPhone" />
              </div>
              <div className="field dash-span-2">
                <UsStateChecklist
                  id="order-workingStates"
                  legend="Working states"
                  invalid={!!errors.workingStates}
                  describedBy={describedBy('workingStates')}
                  registration={form.register('workingStates')}
                >
                  <OrderError name="workingStates" />
                </UsStateChecklist>
              </div>
            </div>
            {controls.data && <SettingsChangeSummary current={controls.data} values={form.watch()} />}
            <div className="dash-estimate" aria-live="polite">
              {estimate !== null ? (
                <>
                  {count} transfers × {formatUsd(user.liveTransferPriceCents, { cents: true })} = <strong>{formatUsd(estimate, { cents: true })}</strong>
                </>
              ) : (
                'Enter the number of transfers to see your total.'
              )}
            </div>
            <div className="dash-actions">
              <button type="button" className="btn btn-outline" onClick={onCancel}>
                Cancel
              </button>
              <button type="submit" className="btn" disabled={order.isPending}>
                {order.isPending ? 'Creating order...' : 'Continue to Payment'}
              </button>
            </div>
          </>
        );
      }}
    </Form>
  );
}

/** What paying will change in Transfer Controls, shown before payment (the server applies the same reading). */
function SettingsChangeSummary({ current, values }: { current: OrderableControls; values: TransferOrderFormValues }) {
  const changes = orderSettingsChanges(current, {
    callsPerDay: Number(values.callsPerDay),
    transferHours: String(values.transferHours ?? ''),
    workingStates: (values.workingStates ?? []) as string[],
  });
  return (
    <div className="notice notice-info small" data-testid="settings-changes" aria-live="polite">
      {changes.length === 0 ? (
        <p style={{ margin: 0 }}>Your Transfer Controls stay as they are.</p>
      ) : (
        <>
          <p style={{ margin: 0 }}>
            <strong>Paying for this order changes your Transfer Controls:</strong>
          </p>
          <ul style={{ margin: '0.25rem 0 0' }}>
            {changes.map((c) => (
              <li key={c.label}>
                {c.label}: {c.from} → {c.to}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

export function CallTransfersPanel({ user }: { user: SessionUser }) {
  const toast = useToast();
  const [step, setStep] = useState<Step>('info');
  const [order, setOrder] = useState<{ created: TransferOrderCreated; input: TransferOrderInput } | null>(null);
  const controls = useTransferControls(step === 'payment');

  function created(c: TransferOrderCreated, input: TransferOrderInput) {
    savePendingTransferOrder({
      clientSecret: c.clientSecret,
      totalPrice: c.totalPrice,
      transferDetails: { totalTransfers: input.totalTransfers, transfersPerDay: input.callsPerDay, states: input.workingStates },
    });
    setOrder({ created: c, input });
    setStep('payment');
  }

  return (
    <section aria-labelledby="transfers-title" className="dash-section">
      <div className="dash-section-head">
        <div>
          <h2 id="transfers-title">Buy Call Transfers</h2>
          <p className="muted">Live, pre-qualified final expense prospects transferred straight to your phone.</p>
        </div>
      </div>
      <InfoCards price={{ cents: user.liveTransferPriceCents, source: user.liveTransferPriceSource }} />
      {step === 'info' && (
        <div className="dash-cta">
          <button type="button" className="btn btn-lg" onClick={() => setStep('form')}>
            Order Call Transfers
          </button>
        </div>
      )}
      {step === 'form' && <OrderForm user={user} initial={order?.input} onCreated={created} onCancel={() => setStep('info')} />}
      {step === 'payment' && order && (
        <div className="card dash-payment">
          <h3>Payment</h3>
          <div className="dash-order-summary">
            <div>
              <span className="muted">Total transfers</span>
              <strong>{order.input.totalTransfers}</strong>
            </div>
            <div>
              <span className="muted">Transfers per day</span>
              <strong>{order.input.callsPerDay}</strong>
            </div>
            <div>
              <span className="muted">States</span>
              <strong>{order.input.workingStates}</strong>
            </div>
            <div>
              <span className="muted">Total</span>
              <strong data-testid="transfer-total">{formatUsd(order.created.amount, { cents: true })}</strong>
            </div>
          </div>
          {controls.data && (
            <SettingsChangeSummary current={controls.data} values={{ ...order.input, workingStates: statesNamedIn(order.input.workingStates) }} />
          )}
          <PaymentStep
            clientSecret={order.created.clientSecret}
            submitLabel={`Complete Payment - ${formatUsd(order.created.amount, { cents: true })}`}
            returnPath="/dashboard/transfers"
            redirect="always"
            onError={(message) => toast({ title: 'Payment Failed', description: message || 'Failed to process payment', variant: 'destructive' })}
          />
          <div className="dash-actions">
            <button type="button" className="btn btn-outline" onClick={() => setStep('form')}>
              Back to Form
            </button>
            <Link className="btn btn-outline" to="/transfer-checkout">
              Open checkout page
            </Link>
          </div>
        </div>
      )}
    </section>
  );
}
