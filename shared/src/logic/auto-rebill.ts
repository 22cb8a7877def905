// Auto-rebill's words and limits (issue 29 item 3, decision 197), without the schemas: the portal home shows
// the notice title and must not download zod for it (issue 25 item 9).
export const AUTO_REBILL_THRESHOLD_MAX = 1000;
export const NEEDS_CARD_MESSAGE = 'Save a card before turning auto-rebill on.';
export const ACTION_NEEDED_TITLE = 'Payment needs your action';
