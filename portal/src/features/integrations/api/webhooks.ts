// CRM webhooks: the portal's reads and writes (see api/src/routes/webhooks/webhooks.routes.ts).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { DeliveryPage, DeliveryView, WebhookInput, WebhookSecretView, WebhookView } from '@tm/shared/schemas/webhooks';

export const webhooksKey = ['/api/webhooks'] as const;
export const deliveriesKey = ['/api/webhooks/deliveries'] as const;

export function useWebhooks() {
  return useQuery({
    queryKey: webhooksKey,
    queryFn: async () => (await api.getJson<{ webhooks: WebhookView[]; secret: WebhookSecretView }>('/api/webhooks'))!,
  });
}

/** The delivery log; refreshed every few seconds while a delivery is waiting. */
export function useDeliveries() {
  return useQuery({
    queryKey: deliveriesKey,
    queryFn: async () => (await api.getJson<DeliveryPage>('/api/webhooks/deliveries'))!,
    refetchInterval: (q) => (q.state.data?.items.some((d) => d.status === 'pending' || d.status === 'sending') ? 2500 : false),
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: webhooksKey });
    void qc.invalidateQueries({ queryKey: deliveriesKey });
  };
}

export function useSaveWebhook() {
  const done = useInvalidate();
  return useMutation({
    mutationFn: (v: { id: number | null; input: WebhookInput }): Promise<{ webhook: WebhookView; secret: WebhookSecretView | null }> =>
      v.id === null
        ? api.requestJson<{ webhook: WebhookView; secret: WebhookSecretView }>('POST', '/api/webhooks', v.input)
        : api.requestJson<WebhookView>('PUT', `/api/webhooks/${v.id}`, v.input).then((webhook) => ({ webhook, secret: null })),
    onSuccess: done,
  });
}

export function useDeleteWebhook() {
  const done = useInvalidate();
  return useMutation({ mutationFn: (id: number) => api.requestJson<void>('DELETE', `/api/webhooks/${id}`), onSuccess: done });
}

export function useRollSecret() {
  const done = useInvalidate();
  return useMutation({ mutationFn: () => api.requestJson<WebhookSecretView>('POST', '/api/webhooks/secret'), onSuccess: done });
}

export function useSendTest() {
  const done = useInvalidate();
  return useMutation({ mutationFn: (id: number) => api.requestJson<DeliveryView>('POST', `/api/webhooks/${id}/test`), onSuccess: done });
}

export function useReplay() {
  const done = useInvalidate();
  return useMutation({ mutationFn: (id: number) => api.requestJson<DeliveryView>('POST', `/api/webhooks/deliveries/${id}/replay`), onSuccess: done });
}
