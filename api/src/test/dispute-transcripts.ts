// A transcript the dispute tests file against, shared so that the route tests (decision 195) and the dispute
// e-mails (decision 250) read the same call: a genuine sales conversation, Marcus quoting Earl a policy.
// (proof-fixtures.ts GENUINE_TRANSCRIPT is a shorter one of the same kind.)
export const EARL_SALES_CALL = [
  "[00:01] Marcus: Thanks for holding, I'm Marcus, a licensed agent with Family First Life. Who do I have?",
  '[00:06] Earl: This is Earl.',
  '[00:20] Marcus: How old are you, Earl?',
  "[00:24] Earl: I'm 71.",
  '[00:40] Marcus: Any heart problems, cancer or strokes in the last two years?',
  '[00:46] Earl: No, just blood pressure pills.',
  '[01:10] Marcus: Do you use any tobacco?',
  '[01:13] Earl: Quit twenty years ago.',
  '[02:30] Marcus: For ten thousand you would be at $48.20 a month, and it never goes up.', // price-literal-ok: the premium the agent quotes in the call, not one of our prices
  "[02:41] Earl: That's fair. Let me think it over.",
].join('\n');
