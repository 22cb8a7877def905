// GET /api/training-videos/public: active videos, by sortOrder.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { TrainingVideo } from '@tm/shared/schemas/training';
import { trainingKeys } from './keys.ts';

export async function getPublicVideos(): Promise<TrainingVideo[]> {
  return (await api.getJson<TrainingVideo[]>('/api/training-videos/public'))!;
}

export const publicVideosQuery = () => queryOptions({ queryKey: trainingKeys.publicVideos, queryFn: getPublicVideos });

export function usePublicVideos() {
  return useQuery(publicVideosQuery());
}
