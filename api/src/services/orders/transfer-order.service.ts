// Live transfers ordered from the dashboard: the server prices them at the user's own rate
// (liveTransferPrice, default 35.00) and opens the payment; the browser's price is ignored.
import type { AppDeps } from '../../deps.ts';
import { centsToDecimal } from '@tm/shared';
import type { TransferOrderCreated, TransferOrderInput } from '@tm/shared/schemas/dashboard';
import { createOrder } from './orders.service.ts';
import type { UserRow } from '../accounts/users.service.ts';

export async function createTransferOrder(deps: AppDeps, user: UserRow, input: TransferOrderInput, clientAddress?: string): Promise<TransferOrderCreated> {
  const order = await createOrder(
    deps,
    {
      kind: 'live_transfer',
      userId: user.id,
      count: input.totalTransfers,
      details: { callsPerDay: input.callsPerDay, transferHours: input.transferHours, transferPhone: input.transferPhone, workingStates: input.workingStates },
    },
    { clientAddress },
  );
  return {
    orderId: order.orderId,
    clientSecret: order.clientSecret,
    paymentIntentId: order.paymentIntentId,
    amount: order.amount,
    // The order's own price (what the intent charges), not a second read of the user's, which an admin may
    // have changed in between (decision 270).
    unitPriceCents: Math.round(order.amount / input.totalTransfers),
    totalPrice: centsToDecimal(order.amount),
    testMode: order.testMode,
  };
}
