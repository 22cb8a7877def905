// GET /api/training-videos: every video, for the manager (bearer token attached by the shared client).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { TrainingVideo } from '@tm/shared/schemas/training';
import { trainingKeys } from './keys.ts';

export async function getVideos(): Promise<TrainingVideo[]> {
  return (await api.getJson<TrainingVideo[]>('/api/training-videos'))!;
}

export const videosQuery = () => queryOptions({ queryKey: trainingKeys.videos, queryFn: getVideos });

export function useVideos() {
  return useQuery(videosQuery());
}
