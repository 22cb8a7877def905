// GET /api/brightcall/status: which voice-AI keys are configured, and the webhook URL.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { IntegrationStatus } from '@tm/shared/schemas/admin';
import { adminKeys } from './keys.ts';

export async function getBrightcallStatus(): Promise<IntegrationStatus> {
  return (await api.getJson<IntegrationStatus>('/api/brightcall/status'))!;
}

export const brightcallStatusQuery = () => queryOptions({ queryKey: adminKeys.status, queryFn: getBrightcallStatus });

export function useBrightcallStatus() {
  return useQuery(brightcallStatusQuery());
}
