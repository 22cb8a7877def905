// POST /api/training-videos.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { TrainingVideo, TrainingVideoValues } from '@tm/shared/schemas/training';
import { trainingKeys } from './keys.ts';

export function createVideo(input: TrainingVideoValues): Promise<TrainingVideo> {
  return api.requestJson('POST', '/api/training-videos', input);
}

export function useCreateVideo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createVideo,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: trainingKeys.videos }), qc.invalidateQueries({ queryKey: trainingKeys.publicVideos })]),
  });
}
