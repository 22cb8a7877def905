// The fixed choices of the RingCloud survey, free of zod so the survey island can show them before
// its schema (schemas/funnel.ts, which re-exports these) has loaded.

export const RINGCLOUD_ROLES = ['Insurance Agent', 'Agency Owner'] as const;
/** The fixed salesperson label every RingCloud survey carries (set by the server too). */
export const RINGCLOUD_SALESPERSON = 'RingCloud';
