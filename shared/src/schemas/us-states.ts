// A US state field as the API and the forms validate it: one of the 50 states and DC (../us-states.ts).
import { z } from 'zod';
import { US_STATE_CODES_50_DC, isUsStateCode } from '../us-states.ts';

export const US_STATE_MESSAGE = 'Please select a US state';

/** A state field: one of the 50 states or DC by code (case-insensitive, trimmed), upper-cased. */
export const usStateCodeSchema = z
  .string({ error: US_STATE_MESSAGE })
  .trim()
  .transform((s) => s.toUpperCase())
  .refine((s) => US_STATE_CODES_50_DC.includes(s), US_STATE_MESSAGE);

/** What a chosen state list says about a code that is not one of the 50 states and DC. */
export const notAUsState = (code: string) => `${code.slice(0, 20)} is not a US state (choose from the 50 states and DC)`;

/**
 * States chosen from the list (several may be): codes as an array, or as text ("TX, FL"); at least one,
 * each one of the 50 states and DC in any case, upper-cased and deduplicated in the order given. Every
 * issue is on the field itself: `message` when none is chosen, notAUsState(code) for a code off the list.
 */
export function usStateChoiceSchema(message: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.split(/[\s,;]+/).filter(Boolean) : v),
    z
      .array(z.unknown(), { error: message })
      .min(1, message)
      .max(200, message)
      .transform((list, ctx) => {
        const codes = list.map((c) => (typeof c === 'string' ? c.trim().toUpperCase() : ''));
        const off = codes.find((c) => !isUsStateCode(c));
        if (off !== undefined) {
          ctx.addIssue({ code: 'custom', message: off ? notAUsState(off) : message });
          return z.NEVER;
        }
        return [...new Set(codes)];
      }),
  );
}

/** A list of states ("TX, FL" or ["TX","FL"]): at least one, each one of the codes above, deduplicated. */
export const usStateListSchema = usStateChoiceSchema(US_STATE_MESSAGE);

/** An optional state field: empty, null or missing means none (''), otherwise one of the codes above. */
export const optionalUsStateSchema = z
  .string({ error: US_STATE_MESSAGE })
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => v === '' || US_STATE_CODES_50_DC.includes(v), US_STATE_MESSAGE)
  .optional()
  .nullable();
