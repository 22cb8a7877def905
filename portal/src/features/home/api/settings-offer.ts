// GET /api/settings-offer and POST /api/settings-offer: onboarding answers sent with a payment for this
// account by someone who did not own it, kept for the agent to accept or dismiss (issue 34 item 3).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { SettingsOfferView } from '@tm/shared/schemas/dashboard';

export const settingsOfferKey = ['/api/settings-offer'] as const;

export async function getSettingsOffer(): Promise<SettingsOfferView> {
  return (await api.getJson<SettingsOfferView>('/api/settings-offer'))!;
}

export const settingsOfferQuery = () => queryOptions({ queryKey: settingsOfferKey, queryFn: getSettingsOffer });

export function useSettingsOffer() {
  return useQuery(settingsOfferQuery());
}

export function useAnswerSettingsOffer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; apply: boolean }) => api.requestJson<{ ok: true }>('POST', '/api/settings-offer', v),
    onSuccess: () => qc.invalidateQueries({ queryKey: settingsOfferKey }),
  });
}
