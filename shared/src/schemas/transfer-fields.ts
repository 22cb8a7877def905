// Pieces the transfer schemas share: a state code, list paging and date parameters, the call and dispute
// states. Browser-safe (imported by the portal and the API through schemas/transfers).
import { z } from 'zod';
import { isDateKey } from '../logic/transfer-rules.ts';
import { isUsStateCode } from '../us-states.ts';

export const TRANSFERS_PAGE_SIZE = 25;
export const MAX_TRANSFERS_PAGE_SIZE = 100;

export type CallStatus = 'billed' | 'no_charge' | 'credited';
export type DisputeStatus = 'pending' | 'approved' | 'denied';

export const stateCode = (message = 'State must be a two-letter US state code such as FL') =>
  z.string({ error: message }).trim().toUpperCase().refine(isUsStateCode, message);

export const dateParam = (name: string) =>
  z.preprocess((v) => (Array.isArray(v) ? v[0] : v) || undefined, z.string().refine(isDateKey, `${name} must be a date such as 2026-07-31`).optional());
export const intParam = (fallback: number, min: number, max: number, name: string) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? fallback : Number(Array.isArray(v) ? v[0] : v)),
    z
      .number({ error: `${name} must be a number` })
      .int(`${name} must be a whole number`)
      .min(min, `${name} must be at least ${min}`)
      .max(max, `${name} must be at most ${max}`),
  );
