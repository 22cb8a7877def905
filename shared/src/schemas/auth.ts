// Login and account schemas shared by the portal forms and the API.
import { z } from 'zod';
import { LOGIN_IDENTIFIER_MAX, LOGIN_MESSAGES } from '../logic/login-rules.ts';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const ROLE_CHOICES = ['Insurance Agent', 'Agency Owner', 'Manager', 'Sales Representative'] as const;

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, 'Password must be at least 6 characters')
  .max(PASSWORD_MAX, 'Password must be at most 128 characters');

export const loginSchema = z.object({
  identifier: z
    .string({ error: LOGIN_MESSAGES.identifierRequired })
    .trim()
    .min(1, LOGIN_MESSAGES.identifierRequired)
    .max(LOGIN_IDENTIFIER_MAX, LOGIN_MESSAGES.identifierTooLong),
  password: z.string({ error: LOGIN_MESSAGES.passwordRequired }).min(1, LOGIN_MESSAGES.passwordRequired).max(PASSWORD_MAX, LOGIN_MESSAGES.passwordTooLong),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** POST /api/login for a deactivated account (403), said only after the password is verified. */
export const ACCOUNT_DEACTIVATED_MESSAGE = 'This account has been deactivated. Contact support.';

// Set-password links (docs/product/rules.md#accounts-and-sessions): an admin hands an agent a one-time link, valid 24 hours,
// that opens /set-password?token=...; the page checks the token, then sets the password with it.
export const SET_PASSWORD_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const SET_PASSWORD_LINK_INVALID = 'This link is invalid or has expired. Ask us for a new one.';
export const SET_PASSWORD_MISMATCH = 'Passwords do not match';

const setPasswordToken = z.string({ error: SET_PASSWORD_LINK_INVALID }).trim().min(1, SET_PASSWORD_LINK_INVALID).max(512, SET_PASSWORD_LINK_INVALID);

/** GET /api/set-password/check?token= */
export const setPasswordCheckQuerySchema = z.object({ token: setPasswordToken });
/** POST /api/set-password: the token and the new password (the account form's rules). */
export const setPasswordSchema = z.object({ token: setPasswordToken, password: passwordSchema });
export type SetPasswordInput = z.infer<typeof setPasswordSchema>;

/** The /set-password form: the new password twice. */
export const setPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string({ error: SET_PASSWORD_MISMATCH }).max(PASSWORD_MAX, SET_PASSWORD_MISMATCH) })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: SET_PASSWORD_MISMATCH });
export type SetPasswordFormValues = z.infer<typeof setPasswordFormSchema>;

/** What GET /api/set-password/check answers for a good link. */
export interface SetPasswordCheck {
  valid: true;
  email: string;
}

/** What POST /api/admin/users/:userId/set-password-link answers. */
export interface SetPasswordLink {
  url: string;
  expiresAt: string;
}

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

/** What GET /api/current-user answers for a logged-in user. */
export interface CurrentUser extends AccountProfile {
  /** Dollars, e.g. "35.00": the user's own live-transfer price or the default. */
  liveTransferPrice: string;
  liveTransferPriceCents: number;
  /** Where that price comes from (decision 186): a negotiated price, or the agent rate. */
  liveTransferPriceSource: 'negotiated' | 'agent-rate';
}
