// POST /api/affnetwork-signup: the partner network application, multipart (fields as text,
// servicesInterested as JSON text, agreeToTerms 'true'/'false', files file_0, file_1, ...).
// Files go to a temp folder under the upload folder (never public), are checked by content, then kept.
import { Router, type Request, type Response, type NextFunction, type RequestHandler } from 'express';
import multer from 'multer';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import type { AppDeps } from '../../deps.ts';
import { partnerApplicationSchema, PARTNER_FILE_MAX_BYTES, PARTNER_MAX_FILES, type PartnerApplicationResponse } from '@tm/shared/schemas/funnel';
import { parseWith, badRequest, HttpError } from '../../errors.ts';
import { clientIp, partnerFormLimit } from '../../middleware/rate-limit.ts';
import {
  GLOBAL_QUOTA_MESSAGE,
  LENGTH_REQUIRED_MESSAGE,
  releaseReservation,
  reserveUploadBytes,
  shrinkReservation,
  type UploadReservationResult,
} from '../../services/funnel/upload-quotas.ts';
import { clientKeyOf } from '../../services/orders/orders.service.ts';
import { submitPartnerApplication, PARTNER_SUCCESS_MESSAGE } from '../../services/funnel/partner-applications.service.ts';
import { isAcceptedName, cleanName, removeQuietly, ACCEPTED_TYPES_TEXT, type IncomingFile } from '../../services/funnel/uploads.ts';

const FILE_FIELD = /^file_\d{1,2}$/;
export const FILE_TOO_LARGE = 'File is too large (10 MB maximum)';

/** The request's upload reservation (set by the quota step, read by the file filter and the route). */
const reservations = new WeakMap<Request, UploadReservationResult>();

function uploadMiddleware(uploadDir: string): RequestHandler {
  const tmpDir = path.join(uploadDir, 'tmp');
  const upload = multer({
    storage: multer.diskStorage({
      destination: (_req, _file, cb) => {
        fs.mkdir(tmpDir, { recursive: true }, (err) => cb(err ?? null, tmpDir));
      },
      filename: (_req, _file, cb) => cb(null, `${crypto.randomBytes(16).toString('hex')}.upload`),
    }),
    limits: { fileSize: PARTNER_FILE_MAX_BYTES, files: PARTNER_MAX_FILES, fields: 40, fieldSize: 64 * 1024, parts: 60 },
    fileFilter: (req, file, cb) => {
      // No bytes could be reserved (the quota is full): the application may still come, without files.
      const refusal = reservations.get(req)?.refusal;
      if (refusal) return cb(refusal);
      if (!FILE_FIELD.test(file.fieldname)) return cb(badRequest(`Unexpected file field "${file.fieldname}"`, { [file.fieldname]: 'Unexpected file field' }));
      if (!isAcceptedName(file.originalname)) {
        const msg = `"${cleanName(file.originalname)}" is not an accepted file type. ${ACCEPTED_TYPES_TEXT}`;
        return cb(badRequest(`${file.fieldname}: ${msg}`, { [file.fieldname]: msg }));
      }
      cb(null, true);
    },
  }).any();

  return (req: Request, res: Response, next: NextFunction) => {
    upload(req, res, (err: unknown) => {
      if (!err) return next();
      if (err instanceof HttpError) return next(err);
      if (err instanceof multer.MulterError) {
        const field = err.field ?? 'files';
        if (err.code === 'LIMIT_FILE_SIZE') return next(badRequest(`${field}: ${FILE_TOO_LARGE}`, { [field]: FILE_TOO_LARGE }));
        if (err.code === 'LIMIT_FILE_COUNT')
          return next(badRequest(`You can attach at most ${PARTNER_MAX_FILES} files`, { files: `You can attach at most ${PARTNER_MAX_FILES} files` }));
        return next(badRequest(`Upload refused: ${err.message}`, { [field]: err.message }));
      }
      next(err);
    });
  };
}

export function affnetworkRoutes(deps: AppDeps): Router {
  const r = Router();
  const perIp = partnerFormLimit();

  // The byte quotas: the request's Content-Length is reserved before anything is written (refused: its
  // files will be, not an application without files); the reservation shrinks to the files' real sizes,
  // ends in the transaction that stores them, and in any case when the response is over.
  const quota = async (req: Request, res: Response, next: NextFunction) => {
    try {
      if (!req.is('multipart/form-data')) return next();
      const length = Number(req.headers['content-length']);
      if (!Number.isFinite(length) || req.headers['content-length'] === undefined) throw new HttpError(411, LENGTH_REQUIRED_MESSAGE);
      const reserved = await reserveUploadBytes(deps, clientIp(req), length);
      reservations.set(req, reserved);
      if (reserved.id !== null) {
        const id = reserved.id;
        res.on('close', () => void releaseReservation(deps.db, id).catch((err: unknown) => deps.logger.warn({ err }, 'upload reservation not released')));
      }
      next();
    } catch (err) {
      next(err);
    }
  };

  r.post('/affnetwork-signup', perIp, quota, uploadMiddleware(deps.config.uploadDir), async (req, res) => {
    const uploaded = (Array.isArray(req.files) ? req.files : []) as Express.Multer.File[];
    const files: IncomingFile[] = uploaded.map((f) => ({ field: f.fieldname, originalName: f.originalname, tempPath: f.path, size: f.size }));
    const reservationId = reservations.get(req)?.id ?? null;
    let input;
    try {
      input = parseWith(partnerApplicationSchema, req.body);
      if (files.length && reservationId === null) throw new HttpError(503, GLOBAL_QUOTA_MESSAGE);
      if (reservationId !== null)
        await shrinkReservation(
          deps.db,
          reservationId,
          files.reduce((s, f) => s + f.size, 0),
        );
    } catch (err) {
      await removeQuietly(files.map((f) => f.tempPath));
      throw err;
    }
    const result = await submitPartnerApplication(
      { db: deps.db, storage: deps.storage, config: deps.config },
      input,
      files,
      deps.clock.now(),
      clientKeyOf(clientIp(req)),
      reservationId,
    );
    const body: PartnerApplicationResponse = { ok: true, message: PARTNER_SUCCESS_MESSAGE, applicationId: result.applicationId };
    res.status(201).json(body);
  });

  return r;
}
