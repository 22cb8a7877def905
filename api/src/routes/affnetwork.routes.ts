// POST /api/affnetwork-signup: the partner network application, multipart (fields as text,
// servicesInterested as JSON text, agreeToTerms 'true'/'false', files file_0, file_1, ...).
// Files go to a temp folder under the upload folder (never public), are checked by content, then kept.
import { Router, type Request, type Response, type NextFunction, type RequestHandler } from 'express';
import multer from 'multer';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import type { AppDeps } from '../deps.ts';
import { partnerApplicationSchema, PARTNER_FILE_MAX_BYTES, PARTNER_MAX_FILES, type PartnerApplicationResponse } from '@tm/shared/schemas/funnel';
import { parseWith, badRequest, HttpError } from '../errors.ts';
import { clientIp, partnerFormLimit } from '../middleware/rate-limit.ts';
import { checkUploadQuota, LENGTH_REQUIRED_MESSAGE } from '../services/funnel/upload-quotas.ts';
import { clientKeyOf } from '../services/orders/orders.service.ts';
import { submitPartnerApplication, PARTNER_SUCCESS_MESSAGE } from '../services/funnel/partner-applications.service.ts';
import { isAcceptedName, cleanName, removeQuietly, ACCEPTED_TYPES_TEXT, type IncomingFile } from '../services/funnel/uploads.ts';

const FILE_FIELD = /^file_\d{1,2}$/;
export const FILE_TOO_LARGE = 'File is too large (10 MB maximum)';

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
    fileFilter: (_req, file, cb) => {
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

  // The byte quotas, from Content-Length before anything is written (multipart bodies always carry it
  // from browsers; a chunked upload without it is refused), then from the files' real sizes.
  const quota = async (req: Request, _res: Response, next: NextFunction) => {
    try {
      if (!req.is('multipart/form-data')) return next();
      const length = Number(req.headers['content-length']);
      if (!Number.isFinite(length) || req.headers['content-length'] === undefined) throw new HttpError(411, LENGTH_REQUIRED_MESSAGE);
      await checkUploadQuota(deps, clientIp(req), length);
      next();
    } catch (err) {
      next(err);
    }
  };

  r.post('/affnetwork-signup', perIp, quota, uploadMiddleware(deps.config.uploadDir), async (req, res) => {
    const uploaded = (Array.isArray(req.files) ? req.files : []) as Express.Multer.File[];
    const files: IncomingFile[] = uploaded.map((f) => ({ field: f.fieldname, originalName: f.originalname, tempPath: f.path, size: f.size }));
    let input;
    try {
      input = parseWith(partnerApplicationSchema, req.body);
      if (files.length)
        await checkUploadQuota(
          deps,
          clientIp(req),
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
    );
    const body: PartnerApplicationResponse = { ok: true, message: PARTNER_SUCCESS_MESSAGE, applicationId: result.applicationId };
    res.status(201).json(body);
  });

  return r;
}
