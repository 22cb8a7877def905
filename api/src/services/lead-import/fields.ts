// Normalising one CSV cell per lead field: US phones to 10 digits, states to their 2-letter code,
// ZIP codes (restoring leading zeros a spreadsheet dropped), dollars to cents, dates to UTC.
import { MAX_LEAD_PRICE_CENTS, formatUsd } from '@tm/shared';
import { isIP } from 'node:net';
import { toLeadStateCode } from '../leads/lead-state.ts';
import { certificateKindOf } from '@tm/shared/schemas/consent';

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };
const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = (reason: string): Parsed<never> => ({ ok: false, reason });

/** US numbers as 10 digits: punctuation, spaces and a leading +1 / 1 are dropped. */
export function normalizePhone(raw: string): Parsed<string> {
  if (!raw.trim()) return fail('Phone is required');
  let digits = raw.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10 || !/^[2-9]/.test(digits)) return fail(`Phone "${raw.trim().slice(0, 40)}" is not a 10-digit US number`);
  return ok(digits);
}

export function normalizeState(raw: string): Parsed<string> {
  const code = toLeadStateCode(raw);
  if (code) return ok(code);
  return fail(`State "${raw.trim().slice(0, 40)}" is not a US state (use a code such as TX)`);
}

export function normalizeZip(raw: string): Parsed<string> {
  const s = raw.trim();
  let m = /^(\d{3,5})(?:-(\d{4}))?$/.exec(s);
  if (!m) {
    m = /^(\d{5})(\d{4})$/.exec(s);
    if (m) return ok(`${m[1]}-${m[2]}`);
    return fail(`ZIP code "${s.slice(0, 20)}" must have 5 digits`);
  }
  const five = m[1]!.padStart(5, '0');
  return ok(m[2] ? `${five}-${m[2]}` : five);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function normalizeEmail(raw: string): Parsed<string> {
  const s = raw.trim().toLowerCase();
  if (s.length > 254 || !EMAIL.test(s)) return fail(`Email "${raw.trim().slice(0, 60)}" is not a valid email address`);
  return ok(s);
}

/** "$1,234.50" or "12" dollars to integer cents. */
export function parsePriceCents(raw: string): Parsed<number> {
  const s = raw.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return fail(`Price "${raw.trim().slice(0, 20)}" must be an amount in dollars, such as 12.50`);
  const [whole, frac = ''] = s.split('.');
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  if (cents > MAX_LEAD_PRICE_CENTS) return fail(`Price must be at most ${formatUsd(MAX_LEAD_PRICE_CENTS, { cents: true })}`);
  return ok(cents);
}

export function parseWholeNumber(raw: string, label: string, max: number): Parsed<number> {
  const s = raw.trim().replace(/,/g, '');
  if (!/^\d+$/.test(s) || Number(s) > max) return fail(`${label} "${raw.trim().slice(0, 20)}" must be a whole number from 0 to ${max}`);
  return ok(Number(s));
}

/** ISO dates (YYYY-MM-DD[ T]HH:MM[:SS][Z]) or US M/D/YYYY [H:MM[:SS] [AM|PM]]; without a zone, UTC. */
export function parseDate(raw: string, label = 'Form fill time'): Parsed<Date> {
  const s = raw.trim();
  let d: Date | undefined;
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(s);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(AM|PM)?)?$/i.exec(s);
  if (iso) {
    const [, y, mo, da, h = '0', mi = '0', se = '0', zone] = iso;
    const utc = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(da), Number(h), Number(mi), Number(se)));
    const real = utc.getUTCMonth() === Number(mo) - 1 && utc.getUTCDate() === Number(da);
    if (real) d = zone ? new Date(s.replace(' ', 'T')) : utc;
  } else if (us) {
    const [, mo, da, y, h = '0', mi = '0', se = '0', ampm] = us;
    let hour = Number(h);
    if (ampm) hour = (hour % 12) + (ampm.toUpperCase() === 'PM' ? 12 : 0);
    d = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(da), hour, Number(mi), Number(se)));
    if (d.getUTCMonth() !== Number(mo) - 1 || d.getUTCDate() !== Number(da)) d = undefined;
  }
  if (!d || Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1990 || d.getUTCFullYear() > 2100) {
    return fail(`${label} "${s.slice(0, 40)}" is not a date (use YYYY-MM-DD or MM/DD/YYYY)`);
  }
  return ok(d);
}

export function parseHttpUrl(raw: string, label = 'Recording URL'): Parsed<string> {
  const s = raw.trim();
  try {
    const u = new URL(s);
    if ((u.protocol === 'http:' || u.protocol === 'https:') && s.length <= 1000) return ok(s);
  } catch {
    /* not a URL */
  }
  return fail(`${label} "${s.slice(0, 60)}" is not a valid http(s) URL`);
}

/** The consumer's address when they gave consent: IPv4 or IPv6. */
export function parseIp(raw: string): Parsed<string> {
  const s = raw.trim();
  if (s.length <= 45 && isIP(s)) return ok(s);
  return fail(`Consent IP address "${s.slice(0, 45)}" is not an IP address`);
}

export function parseConsentText(raw: string): Parsed<string> {
  const s = raw.trim();
  if (s.length > 5000) return fail('Consent text shown must be at most 5000 characters');
  return ok(s);
}

/** A TrustedForm certificate URL or token, or a Jornaya LeadiD: the id and the kind its shape shows. */
export function parseCertificate(raw: string): Parsed<{ id: string; kind: 'trustedform' | 'jornaya' }> {
  const s = raw.trim();
  const kind = s.length <= 200 ? certificateKindOf(s) : null;
  if (kind) return ok({ id: s, kind });
  return fail(`TrustedForm / Jornaya certificate "${s.slice(0, 60)}" is not a TrustedForm certificate URL or a Jornaya LeadiD`);
}
