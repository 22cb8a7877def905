// Typed errors thrown by services and routes; middleware/error-handler.ts turns every one of them into
// the one refusal shape, { error, fields?, code? }.
import type { ZodType } from 'zod';

/** Every refusal's body: a message for people, the bad fields by name, a stable code for programs. */
export interface RefusalBody {
  error: string;
  fields?: Record<string, string>;
  code?: string;
}

export function refusalBody(error: string, opts: { fields?: Record<string, string> | undefined; code?: string | undefined } = {}): RefusalBody {
  const body: RefusalBody = { error };
  if (opts.fields) body.fields = opts.fields;
  if (opts.code) body.code = opts.code;
  return body;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    /** A machine-readable reason (snake_case), for callers that branch on it. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  /** The body the error handler sends. */
  toBody(): RefusalBody {
    return refusalBody(this.message, { fields: this.fields, code: this.code });
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new HttpError(400, message, fields);
export const unauthorized = (message = 'Not logged in', code?: string) => new HttpError(401, message, undefined, code);
export const forbidden = (message = 'You do not have access to this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, fields?: Record<string, string>) => new HttpError(409, message, fields);
/** Well-formed input whose value cannot be taken (an appointment date that is not a real one, or out of range). */
export const unprocessable = (message: string, fields?: Record<string, string>) => new HttpError(422, message, fields);

/** Validates with a shared zod schema; a failure is a 400 naming each bad field with its message. */
export function parseWith<T>(schema: ZodType<T>, data: unknown, what = 'body'): T {
  const result = schema.safeParse(data ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : what;
    if (!(key in fields)) fields[key] = issue.message;
  }
  const [firstKey, firstMessage] = Object.entries(fields)[0] ?? [what, 'Invalid input'];
  throw badRequest(firstKey === what ? firstMessage : `${firstKey}: ${firstMessage}`, fields);
}
