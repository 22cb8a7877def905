// /api/training-videos: GET /public for everyone; every other call needs a valid training-admin bearer token.
import { Router, type Request, type Response, type NextFunction } from 'express';
import type { AppDeps } from '../../deps.ts';
import { trainingVideoSchema } from '@tm/shared/schemas/training';
import { parseWith } from '../../errors.ts';
import { requireTrainingAdminToken } from '../../services/training/admin-token.service.ts';
import { createVideo, deleteVideo, listAllVideos, listPublicVideos, updateVideo } from '../../services/training/videos.service.ts';
import { trainingActor } from '../../services/audit/audit.service.ts';
import { idParam } from '../../http/params.ts';

const videoId = (raw: unknown) => idParam(raw, 'Video not found');

export function trainingVideosRoutes(deps: AppDeps): Router {
  const r = Router();
  const trainingAdmin = async (req: Request, res: Response, next: NextFunction) => {
    try {
      res.locals.trainingAdminId = await requireTrainingAdminToken(deps.db, deps.config.sessionSecret, req.headers.authorization, deps.clock.now());
      next();
    } catch (err) {
      next(err);
    }
  };

  r.get('/training-videos/public', async (_req, res) => {
    res.json(await listPublicVideos(deps.db));
  });

  r.get('/training-videos', trainingAdmin, async (_req, res) => {
    res.json(await listAllVideos(deps.db));
  });

  r.post('/training-videos', trainingAdmin, async (req, res) => {
    const input = parseWith(trainingVideoSchema, req.body);
    res.status(201).json(await createVideo(deps.db, input, deps.clock.now(), await trainingActor(deps.db, res.locals.trainingAdminId as number)));
  });

  r.put('/training-videos/:id', trainingAdmin, async (req, res) => {
    const id = videoId(req.params.id);
    const input = parseWith(trainingVideoSchema, req.body);
    res.json(await updateVideo(deps.db, id, input, deps.clock.now(), await trainingActor(deps.db, res.locals.trainingAdminId as number)));
  });

  r.delete('/training-videos/:id', trainingAdmin, async (req, res) => {
    await deleteVideo(deps.db, videoId(req.params.id), deps.clock.now(), await trainingActor(deps.db, res.locals.trainingAdminId as number));
    res.json({ success: true });
  });

  return r;
}
