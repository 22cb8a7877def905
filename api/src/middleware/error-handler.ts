// The one error handler: every refusal leaves as { error, fields?, code? } with the right status (bad
// input is never a 500); the body comes from HttpError.toBody() or refusalBody().
import type { Request, Response, NextFunction, ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import { HttpError, refusalBody } from '../errors.ts';
import { isDatabaseUnavailable, isUniqueViolation } from '../db/errors.ts';

interface BodyParserError extends Error {
  type?: string;
  status?: number;
  statusCode?: number;
}

export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';

export const BAD_ENCODING_MESSAGE = 'The body does not decode with its Content-Encoding';

/**
 * A body whose Content-Encoding (gzip, deflate, br) does not decode: body-parser hands on zlib's own
 * error (Z_DATA_ERROR, Z_BUF_ERROR, brotli's ERR__ERROR_FORMAT_...). The client's fault: 400, not logged.
 */
function isBadCompression(e: (BodyParserError & { code?: unknown }) | undefined): boolean {
  return typeof e?.code === 'string' && /^(Z_|ERR__ERROR_|ERR_BROTLI|ERR_PADDING)/.test(e.code);
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) return;
    if (err instanceof HttpError) {
      res.status(err.status).json(err.toBody());
      return;
    }
    const e = err as BodyParserError;
    if (e?.type === 'entity.too.large') {
      res.status(413).json(refusalBody('Request body is too large'));
      return;
    }
    if (e?.type === 'entity.parse.failed') {
      res.status(400).json(refusalBody('Malformed JSON body', { fields: { body: 'Malformed JSON body' } }));
      return;
    }
    if (isBadCompression(e)) {
      res.status(400).json(refusalBody(BAD_ENCODING_MESSAGE, { fields: { body: BAD_ENCODING_MESSAGE } }));
      return;
    }
    if (e?.type && typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
      res.status(e.status).json(refusalBody(e.message || 'Bad request'));
      return;
    }
    if (isUniqueViolation(e)) {
      res.status(409).json(refusalBody('That record already exists'));
      return;
    }
    if (isDatabaseUnavailable(e)) {
      logger.error({ err: e }, 'database unavailable');
      res.status(503).json(refusalBody(SERVICE_UNAVAILABLE_MESSAGE));
      return;
    }
    logger.error({ err: e, url: req.originalUrl }, 'unhandled error');
    res.status(500).json(refusalBody('Internal server error'));
  };
}
