// Login and account schemas shared by the portal forms and the API.
import { z } from 'zod';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const ROLE_CHOICES = ['Insurance Agent', 'Agency Owner', 'Manager', 'Sales Representative'] as const;

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, 'Password must be at least 6 characters')
  .max(PASSWORD_MAX, 'Password must be at most 128 characters');

export const loginSchema = z.object({
  identifier: z.string({ error: 'Email or username is required' }).trim().min(1, 'Email or username is required').max(254, 'Email or username is too long'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX, 'Password must be at most 128 characters'),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** An account's own details, as every user-facing answer gives them (never the password hash). */
export interface AccountProfile {
  id: number;
  email: string;
  username: string | null;
  firstName: string;
  lastName: string;
  agencyName: string;
  role: string;
  phone: string;
  state: string | null;
  isAdmin: boolean;
}

/** What GET /api/current-user answers. */
export interface CurrentUser extends AccountProfile {
  /** Dollars, e.g. "35.00": the user's own live-transfer price or the default. */
  liveTransferPrice: string;
  liveTransferPriceCents: number;
}
