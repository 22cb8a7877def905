// A call recording's address, as a transfer's call and a no-show report take it: an http(s) URL of at
// most 1000 characters, or empty, null or absent for none (null).
import { z } from 'zod';

export const recordingUrlSchema = z
  .union([
    z.literal('').transform(() => null),
    z.null(),
    z
      .string()
      .trim()
      .max(1000, 'Recording URL is too long')
      .pipe(z.url({ protocol: /^https?$/, error: 'Recording URL must be an http(s) URL' })),
  ])
  .optional()
  .transform((v) => v ?? null);
