// Field schemas the admin forms share (a required text, an optional text, an optional US state, an e-mail).
import { z } from 'zod';
import { optionalUsStateSchema } from './us-states.ts';

export const required = (message: string, max = 100) => z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

/** An optional US state field: empty means none; otherwise one of the 50 states or DC by code. */
export const optionalUsState = optionalUsStateSchema.transform((v) => (v ? v : undefined));

export const emailSchema = z
  .string({ error: 'Invalid email address' })
  .trim()
  .toLowerCase()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email({ error: 'Invalid email address' }));
