// Tells the agent when transfers are paused: by their own choice, because the balance ran out, or by an admin.
import type { TransferBalanceView } from '@tm/shared/schemas/transfers';

export function PauseBanner({ balance }: { balance: TransferBalanceView }) {
  if (!balance.pausedNow) return null;
  if (balance.pausedReason === 'no_balance') {
    return (
      <div className="xfer-banner xfer-banner-warn" role="alert" data-testid="pause-banner">
        <strong>Transfers are paused: your transfer balance is empty.</strong> Buy more transfers and they resume by themselves.{' '}
        <a href="/dashboard?tab=buy-call-transfers">Buy Call Transfers</a>
      </div>
    );
  }
  if (balance.pausedReason === 'admin') {
    return (
      <div className="xfer-banner xfer-banner-warn" role="alert" data-testid="pause-banner">
        <strong>Deliveries are paused by TransferLine{balance.resumeDate ? ` until ${balance.resumeDate}` : ''}.</strong> Contact support to resume them.
      </div>
    );
  }
  return (
    <div className="xfer-banner" role="status" data-testid="pause-banner">
      <strong>Transfers are paused{balance.resumeDate ? ` until ${balance.resumeDate}` : ''}.</strong> You can resume them under Transfer Controls.
    </div>
  );
}
