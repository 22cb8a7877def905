// Rate limits of the public forms that create accounts or store uploads (429 with a clear message).
export const FORM_WINDOW_MS = 15 * 60 * 1000;
/** Account-creating forms (/api/ringcloud-survey, /api/survey), per address and per window. */
export const ACCOUNT_FORM_LIMIT = 30;
export const ACCOUNT_FORM_RATE_MESSAGE = 'Too many sign-up attempts from this address. Please wait 15 minutes and try again.';
/** Partner applications with uploads (/api/affnetwork-signup), per address and per window. */
export const PARTNER_FORM_LIMIT = 20;
export const PARTNER_FORM_RATE_MESSAGE = 'Too many applications from this address. Please wait 15 minutes and try again.';
