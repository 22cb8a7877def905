// A US state field as the API and the forms validate it: one of the 50 states and DC (../us-states.ts).
import { z } from 'zod';
import { US_STATE_CODES_50_DC, US_STATES } from '../us-states.ts';

export const US_STATE_MESSAGE = 'Please select a US state';

/** A state field: one of the 50 states or DC by code (case-insensitive, trimmed), upper-cased. */
export const usStateCodeSchema = z
  .string({ error: US_STATE_MESSAGE })
  .trim()
  .transform((s) => s.toUpperCase())
  .refine((s) => US_STATE_CODES_50_DC.includes(s), US_STATE_MESSAGE);

/** A list of states ("TX, FL" or ["TX","FL"]): at least one, each one of the codes above, deduplicated. */
export const usStateListSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(/[\s,;]+/).filter(Boolean) : v),
  z
    .array(usStateCodeSchema, { error: US_STATE_MESSAGE })
    .min(1, US_STATE_MESSAGE)
    .max(US_STATES.length, US_STATE_MESSAGE)
    .transform((list) => [...new Set(list)]),
);

/** An optional state field: empty, null or missing means none (''), otherwise one of the codes above. */
export const optionalUsStateSchema = z
  .string({ error: US_STATE_MESSAGE })
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => v === '' || US_STATE_CODES_50_DC.includes(v), US_STATE_MESSAGE)
  .optional()
  .nullable();
