// Results, outcomes and personal API tokens: the portal's reads and writes (see api/src/routes/outcomes/outcomes.routes.ts).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { ApiTokenView, ItemType, OutcomeInput, OutcomeItemView, ResultsView } from '@tm/shared/schemas/outcomes';

export interface Period {
  from: string;
  to: string;
}
const qs = (p: Period) => `from=${encodeURIComponent(p.from)}&to=${encodeURIComponent(p.to)}`;

export const resultsKey = (p: Period) => ['/api/results', p.from, p.to] as const;
export const itemsKey = (p: Period) => ['/api/outcomes/items', p.from, p.to] as const;
export const tokensKey = ['/api/api-tokens'] as const;
export const resultsCsvUrl = (p: Period) => `/api/results.csv?${qs(p)}`;

export function useResults(p: Period) {
  return useQuery({ queryKey: resultsKey(p), queryFn: async () => (await api.getJson<ResultsView>(`/api/results?${qs(p)}`))! });
}

export function useOutcomeItems(p: Period) {
  return useQuery({ queryKey: itemsKey(p), queryFn: async () => (await api.getJson<{ items: OutcomeItemView[] }>(`/api/outcomes/items?${qs(p)}`))!.items });
}

export function useSaveOutcome() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { itemType: ItemType; itemId: number; values: OutcomeInput }) =>
      api.requestJson('PUT', `/api/outcomes/${v.itemType}/${v.itemId}`, v.values),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['/api/results'] });
      void qc.invalidateQueries({ queryKey: ['/api/outcomes/items'] });
    },
  });
}

export function useTokens() {
  return useQuery({ queryKey: tokensKey, queryFn: async () => (await api.getJson<{ tokens: ApiTokenView[] }>('/api/api-tokens'))!.tokens });
}

export function useCreateToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.requestJson<{ token: string; apiToken: ApiTokenView }>('POST', '/api/api-tokens', { name }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: tokensKey }),
  });
}

export function useRevokeToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.requestJson('DELETE', `/api/api-tokens/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: tokensKey }),
  });
}
