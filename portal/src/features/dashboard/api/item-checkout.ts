// The checkout of selected items, for leads and appointments alike (decision 259): open it (the server
// prices the items and holds them; no item is granted without a verified payment), ask whether the paid
// checkout is recorded (only the intent id is sent: the server checks the payment and who it belongs
// to), or cancel it (the agent closed the payment form: the items go back on sale at once). Each call
// refreshes the lists of its kind.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import {
  checkoutCancelledSchema,
  checkoutCreatedSchema,
  purchaseConfirmationSchema,
  type CheckoutCreated,
  type PurchaseConfirmation,
} from '@tm/shared/schemas/dashboard';
import { allAppointmentsKey } from '../../../lib/all-appointments.ts';
import { availableAppointmentsKey } from './available-appointments.ts';
import { leadsForSaleKey } from './leads-for-sale.ts';
import { myAppointmentsKey } from './my-appointments.ts';
import { myLeadsKey } from './my-leads.ts';

export type ItemKind = 'lead' | 'appointment';

interface Endpoints {
  create: string;
  confirm: string;
  cancel: string;
  /** The body that opens the checkout: the ids, and for appointments the amount the cart showed (dollars), so the server can refuse a stale price. */
  body: (ids: number[], totalCents: number) => object;
  /** The lists a purchase (or a hold, or its release) changes. */
  lists: QueryKey[];
}

const ENDPOINTS: Record<ItemKind, Endpoints> = {
  lead: {
    create: '/api/bulk-purchase-leads',
    confirm: '/api/bulk-purchase-leads/confirm',
    cancel: '/api/bulk-purchase-leads/cancel',
    body: (ids) => ({ leadIds: ids }),
    lists: [leadsForSaleKey('aged'), leadsForSaleKey('fresh'), myLeadsKey],
  },
  appointment: {
    create: '/api/vapi/create-appointment-payment',
    confirm: '/api/vapi/confirm-appointment-purchase',
    cancel: '/api/vapi/cancel-appointment-payment',
    body: (ids, totalCents) => ({ appointmentIds: ids, amount: totalCents / 100 }),
    lists: [allAppointmentsKey, availableAppointmentsKey, myAppointmentsKey],
  },
};

export async function createItemCheckout(kind: ItemKind, input: { ids: number[]; totalCents: number }): Promise<CheckoutCreated> {
  const e = ENDPOINTS[kind];
  return checkoutCreatedSchema.parse(await api.requestJson('POST', e.create, e.body(input.ids, input.totalCents)));
}

export async function confirmItemPurchase(kind: ItemKind, paymentIntentId: string): Promise<PurchaseConfirmation> {
  return purchaseConfirmationSchema.parse(await api.requestJson('POST', ENDPOINTS[kind].confirm, { payment_intent_id: paymentIntentId }));
}

export async function cancelItemCheckout(kind: ItemKind, paymentIntentId: string): Promise<{ status: string }> {
  return checkoutCancelledSchema.parse(await api.requestJson('POST', ENDPOINTS[kind].cancel, { payment_intent_id: paymentIntentId }));
}

function useRefreshLists(kind: ItemKind) {
  const qc = useQueryClient();
  return () => Promise.all(ENDPOINTS[kind].lists.map((queryKey) => qc.invalidateQueries({ queryKey })));
}

export function useCreateItemCheckout(kind: ItemKind) {
  const refresh = useRefreshLists(kind);
  // Held items leave the list for sale (or a lost race shows what is left).
  return useMutation({ mutationFn: (input: { ids: number[]; totalCents: number }) => createItemCheckout(kind, input), onSettled: refresh });
}

export function useConfirmItemPurchase(kind: ItemKind) {
  const refresh = useRefreshLists(kind);
  return useMutation({ mutationFn: (paymentIntentId: string) => confirmItemPurchase(kind, paymentIntentId), onSettled: refresh });
}

export function useCancelItemCheckout(kind: ItemKind) {
  const refresh = useRefreshLists(kind);
  return useMutation({ mutationFn: (paymentIntentId: string) => cancelItemCheckout(kind, paymentIntentId), onSettled: refresh });
}
