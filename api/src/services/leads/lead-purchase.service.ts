// Bulk lead purchase: an order for the selected leads (reserved until paid, priced by the server
// from each lead's own price); the leads are granted only once the payment is verified.
import type { AppDeps } from '../../deps.ts';
import type { CreatedOrder } from '../orders/types.ts';
import { createOrder, releaseExpiredReservationsSoon } from '../orders/orders.service.ts';
import { cancelUserOrder, confirmUserOrder, type ConfirmedPurchase } from '../dashboard/user-orders.service.ts';
import { listLeadsForSaleBody, type JsonBody, type LeadKind } from './leads.service.ts';
import type { LeadsQuery } from '@tm/shared/schemas/leads';

/**
 * The marketplace list, after giving back reservations that lapsed (so they show as available), as
 * the response body (JSON text and its ETag), serialised once per cached page.
 */
export async function browseLeadsBody(deps: AppDeps, kind: LeadKind, q: LeadsQuery): Promise<JsonBody> {
  await releaseExpiredReservationsSoon(deps);
  return listLeadsForSaleBody(deps.db, kind, q);
}

export function startLeadPurchase(deps: AppDeps, userId: number, leadIds: number[], clientAddress?: string): Promise<CreatedOrder> {
  return createOrder(deps, { kind: 'leads', userId, leadIds }, { clientAddress });
}

export function confirmLeadPurchase(deps: AppDeps, userId: number, paymentIntentId: string): Promise<ConfirmedPurchase> {
  return confirmUserOrder(deps, userId, 'leads', paymentIntentId);
}

export function cancelLeadPurchase(deps: AppDeps, userId: number, paymentIntentId: string): Promise<{ status: string }> {
  return cancelUserOrder(deps, userId, 'leads', paymentIntentId);
}
