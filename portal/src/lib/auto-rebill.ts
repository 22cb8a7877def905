// Auto-rebill (decision 197): GET|PUT /api/auto-rebill, POST /api/auto-rebill/setup-intent,
// POST|DELETE /api/auto-rebill/card, GET /api/auto-rebill/orders/:id/payment.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { AutoRebillPaymentResponse, AutoRebillSettingsInput, AutoRebillView, SetupIntentResponse } from '@tm/shared/schemas/auto-rebill';

export const autoRebillKey = ['/api/auto-rebill'] as const;

export function useAutoRebill(enabled = true) {
  return useQuery({ queryKey: autoRebillKey, queryFn: async () => (await api.getJson<AutoRebillView>('/api/auto-rebill'))!, enabled, retry: false });
}

export function useSaveAutoRebill() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AutoRebillSettingsInput) => api.requestJson<AutoRebillView>('PUT', '/api/auto-rebill', input),
    onSuccess: (data) => qc.setQueryData(autoRebillKey, data),
  });
}

export function useStartCardSetup() {
  return useMutation({ mutationFn: () => api.requestJson<SetupIntentResponse>('POST', '/api/auto-rebill/setup-intent', {}) });
}

export function useKeepCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (setupIntentId: string) => api.requestJson<AutoRebillView>('POST', '/api/auto-rebill/card', { setupIntentId }),
    onSuccess: (data) => qc.setQueryData(autoRebillKey, data),
  });
}

export function useRemoveCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.requestJson<AutoRebillView>('DELETE', '/api/auto-rebill/card'),
    onSuccess: (data) => qc.setQueryData(autoRebillKey, data),
  });
}

export function useAutoRebillPayment(orderId: number) {
  return useQuery({
    queryKey: ['/api/auto-rebill/orders', orderId, 'payment'],
    queryFn: async () => (await api.getJson<AutoRebillPaymentResponse>(`/api/auto-rebill/orders/${orderId}/payment`))!,
    retry: false,
  });
}
