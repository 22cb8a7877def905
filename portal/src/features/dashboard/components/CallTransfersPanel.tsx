// Buy Call Transfers: what a transfer is (info cards, with the agent's own price), then the order
// flow: a form prefilled from the agent's survey, then the embedded payment form (Back to Form
// returns). The created order is kept in browser storage so /transfer-checkout can finish it too.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
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
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setError,
    formState: { errors },
  } = useForm<TransferOrderFormValues, unknown, TransferOrderInput>({
    resolver: zodResolver(transferOrderSchema) as Resolver<TransferOrderFormValues, unknown, TransferOrderInput>,
    defaultValues: initial
      ? { ...initial, workingStates: statesNamedIn(initial.workingStates) }
      : { totalTransfers: 25, callsPerDay: 5, transferHours: '', transferPhone: user.phone ?? '', workingStates: [] },
  });

  // A re-order starts from the agent's current Transfer Controls (decision 217); what the controls leave
  // open (no hours, no states, no cap) comes from the onboarding survey.
  useEffect(() => {
    const s = survey.data;
    const c = controls.data;
    if (initial || !s || !c) return;
    const surveyStates = statesNamedIn(s.workingStates);
    reset({
      totalTransfers: s.totalTransfers ?? 25,
      callsPerDay: c.callsPerDay ?? s.transfersPerDay ?? s.callsPerDay ?? 5,
      transferHours: controlsHoursText(c) || (s.transferHours ?? ''),
      transferPhone: s.phone ?? user.phone ?? '',
      workingStates: c.workingStates.length ? c.workingStates : surveyStates,
    });
  }, [survey.data, controls.data, reset, user.phone, initial]);

  const count = watch('totalTransfers');
  const estimate = Number.isInteger(count) && count > 0 ? count * user.liveTransferPriceCents : null;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const created = await order.mutateAsync(values);
      if (!created.clientSecret) {
        toast({ title: 'Error', description: NO_CLIENT_SECRET_TEXT, variant: 'destructive' });
        return;
      }
      onCreated(created, values);
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        for (const [name, message] of Object.entries(err.fields)) {
          if (name in transferOrderSchema.shape) setError(name as keyof TransferOrderFormValues, { message });
        }
      }
      toast({ title: 'Error', description: err instanceof ApiError ? err.serverMessage : 'Failed to create order', variant: 'destructive' });
    }
  });

  if ((!initial && survey.isPending) || controls.isPending) return <Spinner label="Loading your details..." />;

  const field = (name: keyof TransferOrderFormValues) => ({
    id: `order-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `order-${name}-error` : undefined,
  });
  const error = (name: keyof TransferOrderFormValues) =>
    errors[name] && (
      <p className="field-error" id={`order-${name}-error`} role="alert">
        {errors[name]?.message}
      </p>
    );

  return (
    <form className="card dash-order-form" onSubmit={onSubmit} noValidate aria-labelledby="order-form-title">
      <h3 id="order-form-title">Order Call Transfers</h3>
      <p className="muted small">
        {!initial && prefilledFromSurvey(survey.data, user.phone) && 'We prefilled this from your onboarding answers. '}Lead type: Live Transfers.
      </p>
      <div className="dash-form-grid">
        <div className="field">
          <label htmlFor="order-totalTransfers">Total transfers</label>
          <input type="number" min={1} step={1} inputMode="numeric" {...field('totalTransfers')} {...register('totalTransfers', { valueAsNumber: true })} />
          {error('totalTransfers')}
        </div>
        <div className="field">
          <label htmlFor="order-callsPerDay">Transfers per day</label>
          <input type="number" min={1} step={1} inputMode="numeric" {...field('callsPerDay')} {...register('callsPerDay', { valueAsNumber: true })} />
          {error('callsPerDay')}
        </div>
        <div className="field">
          <label htmlFor="order-transferHours">Transfer hours</label>
          <input placeholder="e.g. 9am-5pm EST, Mon-Fri" {...field('transferHours')} {...register('transferHours')} />
          {error('transferHours')}
        </div>
        <div className="field">
          <label htmlFor="order-transferPhone">Phone to receive transfers</label>
          <input type="tel" autoComplete="tel" {...field('transferPhone')} {...register('transferPhone')} />
          {error('transferPhone')}
        </div>
        <div className="field dash-span-2">
          <UsStateChecklist
            id="order-workingStates"
            legend="Working states"
            invalid={!!errors.workingStates}
            describedBy={errors.workingStates ? 'order-workingStates-error' : undefined}
            registration={register('workingStates')}
          >
            {error('workingStates')}
          </UsStateChecklist>
        </div>
      </div>
      {controls.data && <SettingsChangeSummary current={controls.data} values={watch()} />}
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
    </form>
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
