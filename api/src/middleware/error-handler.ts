// One error shape: { error, fields? } with the right status; bad input is never a 500.
import type { Request, Response, NextFunction, ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import { HttpError } from '../errors.ts';

interface BodyParserError extends Error {
  type?: string;
  status?: number;
  statusCode?: number;
}
interface DbError extends Error {
  code?: string;
  errno?: number;
  sqlMessage?: string;
}

const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'PROTOCOL_CONNECTION_LOST',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ECONNRESET',
  'ER_CON_COUNT_ERROR',
  'SQLITE_BUSY',
  'PROTOCOL_SEQUENCE_TIMEOUT',
]);

export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';

/** The database is unreachable, timed out or out of connections: a 503, not a 500. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as DbError | undefined;
  return Boolean((e?.code && DB_DOWN_CODES.has(e.code)) || /Knex: Timeout acquiring a connection/.test(String(e?.message)));
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as DbError;
  return e?.code === 'ER_DUP_ENTRY' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(String(e?.message));
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) return;
    if (err instanceof HttpError) {
      res.status(err.status).json(err.fields ? { error: err.message, fields: err.fields } : { error: err.message });
      return;
    }
    const e = err as BodyParserError & DbError;
    if (e?.type === 'entity.too.large') {
      res.status(413).json({ error: 'Request body is too large' });
      return;
    }
    if (e?.type === 'entity.parse.failed') {
      res.status(400).json({ error: 'Malformed JSON body', fields: { body: 'Malformed JSON body' } });
      return;
    }
    if (e?.type && typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
      res.status(e.status).json({ error: e.message || 'Bad request' });
      return;
    }
    if (isUniqueViolation(e)) {
      res.status(409).json({ error: 'That record already exists' });
      return;
    }
    if (isDatabaseUnavailable(e)) {
      logger.error({ err: e }, 'database unavailable');
      res.status(503).json({ error: SERVICE_UNAVAILABLE_MESSAGE });
      return;
    }
    logger.error({ err: e, url: req.originalUrl }, 'unhandled error');
    res.status(500).json({ error: 'Internal server error' });
  };
}
