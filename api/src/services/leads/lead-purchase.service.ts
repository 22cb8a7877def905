// Bulk lead purchase: an order for the selected leads (reserved until paid, priced by the server
// from each lead's own price); the leads are granted only once the payment is verified.
import type { AppDeps } from '../../deps.ts';
import type { CreatedOrder } from '../orders/types.ts';
import { createOrder } from '../orders/orders.service.ts';
import { cancelUserOrder, confirmUserOrder, type ConfirmedPurchase } from '../dashboard/user-orders.service.ts';
import { listLeadsForSale, type LeadKind } from './leads.service.ts';
import type { LeadForSale, LeadsQuery, Paged } from '@tm/shared/schemas/leads';

/**
 * The marketplace list as of the app's clock: a lead whose reservation lapsed shows as available
 * (a query condition); the reservation-sweep job gives the row back. A read: nothing is written.
 */
export function browseLeads(deps: AppDeps, kind: LeadKind, q: LeadsQuery): Promise<Paged<LeadForSale>> {
  return listLeadsForSale(deps.db, kind, q, deps.clock.now());
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
