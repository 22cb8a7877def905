// POST /api/bulk-purchase-leads (creates the order), .../confirm (is it recorded?), .../cancel
// (the agent closed the payment form). No lead is granted without a verified payment.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { CheckoutCreated } from '@tm/shared/schemas/dashboard';
import { agedLeadsKey } from './aged-leads.ts';
import { leadsKey } from './leads.ts';
import { myLeadsKey } from './my-leads.ts';

export function bulkPurchaseLeads(leadIds: number[]): Promise<CheckoutCreated> {
  return api.requestJson('POST', '/api/bulk-purchase-leads', { leadIds });
}

export function confirmLeadPurchase(paymentIntentId: string): Promise<{ success: true; itemIds: number[] }> {
  return api.requestJson('POST', '/api/bulk-purchase-leads/confirm', { payment_intent_id: paymentIntentId });
}

export function cancelLeadPurchase(paymentIntentId: string): Promise<{ status: string }> {
  return api.requestJson('POST', '/api/bulk-purchase-leads/cancel', { payment_intent_id: paymentIntentId });
}

function useRefreshLeadLists() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: agedLeadsKey }),
      qc.invalidateQueries({ queryKey: leadsKey }),
      qc.invalidateQueries({ queryKey: myLeadsKey }),
    ]);
}

export function useBulkPurchaseLeads() {
  const refresh = useRefreshLeadLists();
  return useMutation({ mutationFn: bulkPurchaseLeads, onSettled: refresh });
}

export function useConfirmLeadPurchase() {
  const refresh = useRefreshLeadLists();
  return useMutation({ mutationFn: confirmLeadPurchase, onSettled: refresh });
}

export function useCancelLeadPurchase() {
  const refresh = useRefreshLeadLists();
  return useMutation({ mutationFn: cancelLeadPurchase, onSettled: refresh });
}
