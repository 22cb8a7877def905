// DELETE /api/training-videos/:id.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import { trainingKeys } from './keys.ts';

export function deleteVideo(id: number): Promise<{ success: true }> {
  return api.requestJson('DELETE', `/api/training-videos/${id}`);
}

export function useDeleteVideo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteVideo,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: trainingKeys.videos }), qc.invalidateQueries({ queryKey: trainingKeys.publicVideos })]),
  });
}
