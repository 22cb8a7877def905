// The fixed choices of the RingCloud survey and the onboarding survey, free of zod so the survey island can show them before
// its schema (schemas/funnel.ts, which re-exports these) has loaded.

export const RINGCLOUD_ROLES = ['Insurance Agent', 'Agency Owner'] as const;
/** The fixed salesperson label every RingCloud survey carries (set by the server too). */
export const RINGCLOUD_SALESPERSON = 'RingCloud';

/** The first-party onboarding survey's "best time to reach you" (/survey, issue 25 item 3). */
export const BEST_TIMES_TO_REACH = ['Morning (8am-12pm)', 'Afternoon (12pm-5pm)', 'Evening (5pm-8pm)', 'Any time'] as const;
/** The onboarding survey's hours message, shown as the field's hint before any answer. */
export const ONBOARDING_HOURS_MESSAGE = 'Enter your hours as a start and an end, such as 9am-5pm EST';
/** What POST /api/onboarding-survey answers (401) when neither a session nor a paid order names the agent. */
export const ONBOARDING_WHO_MESSAGE = 'Please log in to save your onboarding answers.';
