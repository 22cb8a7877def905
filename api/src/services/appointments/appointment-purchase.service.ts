// The appointment cart's checkout: an order for the cart ($10 each, reserved until paid), and the
// confirmation that asks the server, not the browser, whether the appointments are now the buyer's.
import type { AppDeps } from '../../deps.ts';
import type { CreatedOrder } from '../orders/types.ts';
import { createOrder } from '../orders/orders.service.ts';
import { cancelUserOrder, confirmUserOrder, type ConfirmedPurchase } from '../orders/user-orders.service.ts';
import { listAvailableAppointments } from './appointments.service.ts';
import type { AppointmentForSale } from '@tm/shared/schemas/dashboard';
import type { AvailableAppointmentsQuery } from '@tm/shared/schemas/appointments';
import { readControls } from '../transfers/settings.service.ts';
import type { Paged } from '@tm/shared/schemas/leads';
import { buyerPriceBook } from '../orders/buyer-prices.service.ts';

/**
 * Buy Appointments: the page the filters and sort select, at the agent's prices; the date range is read on the agent's clock.
 * Only reads: a lapsed reservation counts as for sale (the reservation-sweep job releases it).
 */
export async function browseAppointments(deps: AppDeps, userId: number, query: AvailableAppointmentsQuery): Promise<Paged<AppointmentForSale>> {
  const { timeZone } = await readControls(deps.db, userId);
  // The agent's own appointment prices (decision 251) are in the prices of their page, and only theirs.
  const book = await buyerPriceBook(deps.db, userId);
  return listAvailableAppointments(deps.db, { ...query, timeZone, now: deps.clock.now(), book });
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
