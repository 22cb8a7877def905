// PUT /api/training-videos/:id.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { TrainingVideo, TrainingVideoValues } from '@tm/shared/schemas/training';
import { trainingKeys } from './keys.ts';

export function updateVideo({ id, ...input }: TrainingVideoValues & { id: number }): Promise<TrainingVideo> {
  return api.requestJson('PUT', `/api/training-videos/${id}`, input);
}

export function useUpdateVideo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateVideo,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: trainingKeys.videos }), qc.invalidateQueries({ queryKey: trainingKeys.publicVideos })]),
  });
}
