// Turns one CSV record into a staged lead row, or the reason it is refused.
import type { ColumnMapping, LeadField, LeadImportTarget } from '@tm/shared/schemas/admin';
import { LEAD_FIELDS } from '@tm/shared/schemas/admin';
import type { LeadContact } from '@tm/shared/schemas/leads';
import { toDbDate } from '../../db/dates.ts';
import {
  normalizeEmail,
  normalizePhone,
  normalizeState,
  normalizeZip,
  parseDate,
  parseCertificate,
  parseConsentText,
  parseHttpUrl,
  parseIp,
  parsePriceCents,
  parseWholeNumber,
  type Parsed,
} from './fields.ts';

/** A lead ready to insert: its contact details (formFillTime in database form) and import extras. */
export interface StagedLead extends LeadContact {
  ageDays: number | null;
  priceCents: number | null;
  recordingUrl: string | null;
  callDuration: number | null;
  /** The consent record (database form dates), for leads for sale. */
  consentSourceUrl: string | null;
  consentAt: string | null;
  consentIp: string | null;
  consentText: string | null;
  certificateKind: 'trustedform' | 'jornaya' | null;
  certificateId: string | null;
  certificateClaimExpiresAt: string | null;
}

export type RowResult = { ok: true; lead: StagedLead } | { ok: false; reason: string };

const DAY_MS = 86_400_000;

/** Checks that the mapping names the columns a target needs and only columns that exist. */
export function mappingProblem(mapping: ColumnMapping, target: LeadImportTarget, columnCount: number): string | undefined {
  for (const [field, idx] of Object.entries(mapping)) {
    if (idx !== null && idx !== undefined && idx >= columnCount) return `${LEAD_FIELDS[field as LeadField]} is mapped to a column the file does not have`;
  }
  const has = (f: LeadField) => mapping[f] !== null && mapping[f] !== undefined;
  if (!has('phone')) return 'Map a column to Phone';
  if (!has('name') && !has('firstName') && !has('lastName')) return 'Map a column to Full name, or to First name and Last name';
  if (target === 'sale') {
    if (!has('state')) return 'Map a column to State (leads for sale need one)';
    if (!has('zipCode')) return 'Map a column to ZIP code (leads for sale need one)';
  }
  return undefined;
}

export function validateRecord(record: string[], headerLength: number, mapping: ColumnMapping, target: LeadImportTarget, now: Date): RowResult {
  // Too few cells, or data beyond the header (an unquoted comma shifted the row): the row is malformed.
  const extra = record.slice(headerLength).some((c) => c.trim() !== '');
  if (record.length < headerLength || extra) {
    return { ok: false, reason: `Row has ${record.length} columns but the header has ${headerLength}` };
  }
  const cell = (f: LeadField): string => {
    const idx = mapping[f];
    return idx === null || idx === undefined ? '' : (record[idx] ?? '').trim();
  };
  const reasons: string[] = [];
  const take = <T>(p: Parsed<T>): T | null => {
    if (p.ok) return p.value;
    reasons.push(p.reason);
    return null;
  };

  const name = (cell('name') || [cell('firstName'), cell('lastName')].filter(Boolean).join(' ')).replace(/\s+/g, ' ');
  if (!name) reasons.push('Name is required');
  else if (name.length > 200) reasons.push('Name must be at most 200 characters');
  const phone = take(normalizePhone(cell('phone')));
  const email = cell('email') ? take(normalizeEmail(cell('email'))) : null;
  let state: string | null = null;
  if (cell('state')) state = take(normalizeState(cell('state')));
  else if (target === 'sale') reasons.push('State is required');
  let zipCode: string | null = null;
  if (cell('zipCode')) zipCode = take(normalizeZip(cell('zipCode')));
  else if (target === 'sale') reasons.push('ZIP code is required');
  const ageRange = cell('ageRange') || null;
  if (ageRange && ageRange.length > 16) reasons.push('Age range must be at most 16 characters');
  const formFill = cell('formFillTime') ? take(parseDate(cell('formFillTime'))) : null;

  let ageDays: number | null = null;
  let priceCents: number | null = null;
  let recordingUrl: string | null = null;
  let callDuration: number | null = null;
  let consentSourceUrl: string | null = null;
  let consentAt: Date | null = null;
  let consentIp: string | null = null;
  let consentText: string | null = null;
  let certificate: { id: string; kind: 'trustedform' | 'jornaya' } | null = null;
  let claimExpires: Date | null = null;
  if (target === 'sale') {
    if (cell('ageDays')) ageDays = take(parseWholeNumber(cell('ageDays'), 'Lead age', 36_500));
    else ageDays = formFill ? Math.max(0, Math.floor((now.getTime() - formFill.getTime()) / DAY_MS)) : 0;
    // A missing price means the catalogue default (stored as null).
    if (cell('price')) priceCents = take(parsePriceCents(cell('price')));
    if (cell('recordingUrl')) recordingUrl = take(parseHttpUrl(cell('recordingUrl')));
    if (cell('callDuration')) callDuration = take(parseWholeNumber(cell('callDuration'), 'Call duration', 86_400));
    if (cell('consentSourceUrl')) consentSourceUrl = take(parseHttpUrl(cell('consentSourceUrl'), 'Consent source page URL'));
    if (cell('consentAt')) consentAt = take(parseDate(cell('consentAt'), 'Consent time'));
    if (consentAt && consentAt.getTime() > now.getTime()) reasons.push('Consent time cannot be in the future');
    if (cell('consentIp')) consentIp = take(parseIp(cell('consentIp')));
    if (cell('consentText')) consentText = take(parseConsentText(cell('consentText')));
    if (cell('certificateId')) certificate = take(parseCertificate(cell('certificateId')));
    if (cell('certificateClaimExpiresAt')) claimExpires = take(parseDate(cell('certificateClaimExpiresAt'), 'Certificate claim expires'));
  }

  if (reasons.length) return { ok: false, reason: reasons.join('; ') };
  return {
    ok: true,
    lead: {
      name,
      phone: phone!,
      email,
      state,
      zipCode,
      ageRange,
      ageDays,
      priceCents,
      formFillTime: formFill ? toDbDate(formFill) : null,
      recordingUrl,
      callDuration,
      consentSourceUrl,
      consentAt: consentAt ? toDbDate(consentAt) : null,
      consentIp,
      consentText,
      certificateKind: certificate?.kind ?? null,
      certificateId: certificate?.id ?? null,
      certificateClaimExpiresAt: claimExpires ? toDbDate(claimExpires) : null,
    },
  };
}
