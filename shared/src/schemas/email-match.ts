// How an admin's e-mail filter matches (issue 34 item 8, decision 249): the whole address by default, so
// `a@x.com` never also finds `aa@x.com`; "contains" on request, for part of an address ("jane@", "x.com").
import { z } from 'zod';

export const EMAIL_MATCHES = ['exact', 'contains'] as const;
export type EmailMatch = (typeof EMAIL_MATCHES)[number];
export const EMAIL_MATCH_LABELS: Record<EmailMatch, string> = { exact: 'Exact address', contains: 'Contains' };
export const EMAIL_MATCH_MESSAGE = 'E-mail match must be exact or contains';

/** The `emailMatch` query parameter: exact when absent or blank. */
export const emailMatchParam = z.preprocess(
  (v) => {
    const one = Array.isArray(v) ? v[0] : v;
    return one === undefined || one === '' ? 'exact' : one;
  },
  z.enum(EMAIL_MATCHES, { error: EMAIL_MATCH_MESSAGE }),
);

/** A search word that is an e-mail address (or meant as one): it has an @. */
export const isEmailTerm = (word: string) => word.includes('@');
