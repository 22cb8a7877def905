// GET /api/user-survey: the agent's survey answers, to prefill the transfer order form.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { UserSurvey } from '@tm/shared/schemas/dashboard';

export const userSurveyKey = ['/api/user-survey'] as const;

export async function getUserSurvey(): Promise<UserSurvey> {
  return (await api.getJson<UserSurvey>('/api/user-survey'))!;
}

export const userSurveyQuery = () => queryOptions({ queryKey: userSurveyKey, queryFn: getUserSurvey });

export function useUserSurvey(enabled = true) {
  return useQuery({ ...userSurveyQuery(), enabled });
}
