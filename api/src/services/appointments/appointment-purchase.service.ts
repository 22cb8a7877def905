// The appointment cart's checkout: an order for the cart ($10 each, reserved until paid), and the
// confirmation that asks the server, not the browser, whether the appointments are now the buyer's.
import type { AppDeps } from '../../deps.ts';
import type { CreatedOrder } from '../orders/types.ts';
import { createOrder, releaseExpiredReservations } from '../orders/orders.service.ts';
import { cancelUserOrder, confirmUserOrder, type ConfirmedPurchase } from '../dashboard/user-orders.service.ts';
import { listAvailableAppointments } from './appointments.service.ts';
import type { AppointmentForSale } from '@tm/shared/schemas/dashboard';
import type { Paged } from '@tm/shared/schemas/leads';

export async function browseAppointments(deps: AppDeps, page: number, pageSize: number): Promise<Paged<AppointmentForSale>> {
  await releaseExpiredReservations(deps);
  return listAvailableAppointments(deps.db, page, pageSize);
}

/** expectedAmountCents: what the cart showed; a disagreement with the server's price is a 400. */
export function startAppointmentPurchase(
  deps: AppDeps,
  userId: number,
  appointmentIds: number[],
  expectedAmountCents?: number,
  clientAddress?: string,
): Promise<CreatedOrder> {
  return createOrder(deps, { kind: 'appointments', userId, appointmentIds }, { expectedAmountCents, clientAddress });
}

export function confirmAppointmentPurchase(deps: AppDeps, userId: number, paymentIntentId: string): Promise<ConfirmedPurchase> {
  return confirmUserOrder(deps, userId, 'appointments', paymentIntentId);
}

export function cancelAppointmentPurchase(deps: AppDeps, userId: number, paymentIntentId: string): Promise<{ status: string }> {
  return cancelUserOrder(deps, userId, 'appointments', paymentIntentId);
}
