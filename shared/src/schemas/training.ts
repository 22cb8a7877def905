// Training center schemas: the three sections, the video form (docs/product/portal.md#training-center-and-training-admin) and the
// training admin login, shared by the portal forms and the API.
import { z } from 'zod';

export const TRAINING_SECTIONS = ['HighLevel CRM Training', 'Trackdrive Training', 'Insurance Sales Training'] as const;
export type TrainingSection = (typeof TRAINING_SECTIONS)[number];

/** A signed training-admin token lasts 12 hours. */
export const TRAINING_ADMIN_TOKEN_TTL_MS = 12 * 60 * 60 * 1000;

const blankToUndefined = (v: unknown) => (v === '' || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

/**
 * The video form. Accepts what the form holds (strings from inputs) and what the API receives
 * (numbers, absent optionals): empty optional fields become absent, an empty sortOrder becomes 0.
 */
export const trainingVideoSchema = z.object({
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters'),
  description: z.preprocess(blankToUndefined, z.string().trim().max(5000, 'Description must be at most 5000 characters').optional()),
  videoUrl: z
    .string({ error: 'Please enter a valid video URL' })
    .trim()
    .max(1000, 'Please enter a valid video URL')
    .pipe(z.url({ protocol: /^https?$/, error: 'Please enter a valid video URL' })),
  section: z.enum(TRAINING_SECTIONS, { error: 'Please select a valid section' }),
  thumbnailUrl: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(1000, 'Please enter a valid thumbnail URL')
      .pipe(z.url({ protocol: /^https?$/, error: 'Please enter a valid thumbnail URL' }))
      .optional(),
  ),
  duration: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'Duration must be at least 1 second' })
      .int('Duration must be a whole number of seconds')
      .min(1, 'Duration must be at least 1 second')
      .max(86_400, 'Duration must be at most 24 hours')
      .optional(),
  ),
  sortOrder: z.preprocess(
    (v) => blankToUndefined(v) ?? 0,
    z.coerce
      .number({ error: 'Sort order must be a number' })
      .int('Sort order must be a whole number')
      .min(0, 'Sort order must be at least 0')
      .max(1_000_000, 'Sort order is too large'),
  ),
  isActive: z.boolean().optional(),
});
export type TrainingVideoInput = z.input<typeof trainingVideoSchema>;
export type TrainingVideoValues = z.output<typeof trainingVideoSchema>;

export interface TrainingVideo {
  id: number;
  title: string;
  description: string | null;
  videoUrl: string;
  section: TrainingSection;
  thumbnailUrl: string | null;
  duration: number | null;
  sortOrder: number;
  isActive: boolean;
  createdAt: string | null;
  updatedAt: string | null;
}

export const trainingAdminLoginSchema = z.object({
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .toLowerCase()
    .max(254, 'Please enter a valid email address')
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128, 'Password must be at most 128 characters'),
});
export type TrainingAdminLoginInput = z.infer<typeof trainingAdminLoginSchema>;

export interface TrainingAdminLoginResponse {
  token: string;
  expiresAt: string;
}

/** Duration in seconds as m:ss (two-digit seconds). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
