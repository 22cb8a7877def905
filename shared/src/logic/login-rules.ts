// The login form's rules without zod, so the portal's /login chunk stays small (React and the router,
// not the validation library). The API's loginSchema (schemas/auth.ts) uses the same limits and words.
export const LOGIN_IDENTIFIER_MAX = 254;
export const LOGIN_PASSWORD_MAX = 128;
export const LOGIN_MESSAGES = {
  identifierRequired: 'Email or username is required',
  identifierTooLong: 'Email or username is too long',
  passwordRequired: 'Password is required',
  passwordTooLong: 'Password must be at most 128 characters',
} as const;

export interface LoginValues {
  identifier: string;
  password: string;
}

/** The first problem of each field, or an empty object when the form may be sent. */
export function checkLogin(v: LoginValues): Partial<Record<keyof LoginValues, string>> {
  const errors: Partial<Record<keyof LoginValues, string>> = {};
  const id = v.identifier.trim();
  if (!id) errors.identifier = LOGIN_MESSAGES.identifierRequired;
  else if (id.length > LOGIN_IDENTIFIER_MAX) errors.identifier = LOGIN_MESSAGES.identifierTooLong;
  if (!v.password) errors.password = LOGIN_MESSAGES.passwordRequired;
  else if (v.password.length > LOGIN_PASSWORD_MAX) errors.password = LOGIN_MESSAGES.passwordTooLong;
  return errors;
}
