// POST /api/training-admin/login: answers the signed token.
import { useMutation } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { TrainingAdminLoginInput, TrainingAdminLoginResponse } from '@tm/shared/schemas/training';

export function trainingAdminLogin(input: TrainingAdminLoginInput): Promise<TrainingAdminLoginResponse> {
  return api.requestJson('POST', '/api/training-admin/login', input);
}

export function useTrainingAdminLogin() {
  return useMutation({ mutationFn: trainingAdminLogin });
}
