export const trainingKeys = {
  publicVideos: ['/api/training-videos/public'] as const,
  videos: ['/api/training-videos'] as const,
};
