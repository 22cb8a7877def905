// Texts of the dashboard that several screens show, word for word from the spec.
export const RECORD_FAILED_TEXT = 'Payment completed but there was an issue recording the purchase. Please contact support.';
export const SESSION_EXPIRED_TITLE = 'Session Expired';
export const SESSION_EXPIRED_TEXT = 'You have been logged out due to inactivity.';
export const NO_CLIENT_SECRET_TEXT = 'Payment setup failed - no client secret received.';
