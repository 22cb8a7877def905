// /dashboard/pay/:orderId (decision 197): an auto-rebill top-up the saved card could not pay off-session
// (authentication needed, or declined), paid here on-session with the shared payment form. The e-mail and
// the dashboard's "Payment needs your action" notice link here. The order is paid by the verified webhook.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatUsd } from '@tm/shared';
import { ApiError } from '@tm/shared/api-client';
import { PaymentForm } from '@tm/shared/ui/PaymentForm';
import { useQueryClient } from '@tanstack/react-query';
import { RequireUser } from '../../../components/RequireUser.tsx';
import { PortalShell } from '../../../components/layout/PortalShell.tsx';
import { autoRebillKey, useAutoRebillPayment } from '../../../lib/auto-rebill.ts';
import { paths } from '../../../app/paths.ts';

function Pay({ orderId }: { orderId: number }) {
  const q = useAutoRebillPayment(orderId);
  const qc = useQueryClient();
  const [paid, setPaid] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (paid)
    return (
      <div className="card">
        <p role="status" className="form-success">
          Payment received. Your transfers are added to your balance.
        </p>
        <Link to={paths.dashboard}>Back to Dashboard</Link>
      </div>
    );
  if (q.isError)
    return (
      <div className="card">
        <p role="alert" className="form-error">
          {q.error instanceof ApiError ? q.error.serverMessage : 'Could not load this payment.'}
        </p>
        <Link to={paths.dashboard}>Back to Dashboard</Link>
      </div>
    );
  if (!q.data) return <p className="muted">Loading...</p>;
  const d = q.data;
  return (
    <div className="card rebill-pay">
      <p>
        Your auto-rebill top-up of {d.count} transfers (order #{d.orderId}) could not be charged to your saved card. Pay for it here.
      </p>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <PaymentForm
        clientSecret={d.clientSecret}
        publishableKey={d.publishableKey}
        testMode={d.testMode}
        returnUrl={window.location.href}
        redirect="if_required"
        submitLabel={`Pay ${formatUsd(d.amountCents, { cents: true })}`}
        onSuccess={() => {
          setPaid(true);
          void qc.invalidateQueries({ queryKey: autoRebillKey });
        }}
        onError={(m) => setError(m)}
      />
    </div>
  );
}

export function AutoRebillPayPage() {
  const { orderId } = useParams();
  const id = /^\d{1,15}$/.test(orderId ?? '') ? Number(orderId) : NaN;
  return (
    <RequireUser>
      {(user) => (
        <PortalShell user={user} current="home" title="Pay for your top-up">
          {Number.isNaN(id) ? <p className="form-error">Order not found</p> : <Pay orderId={id} />}
        </PortalShell>
      )}
    </RequireUser>
  );
}
