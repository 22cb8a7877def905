// The consent record's columns (dates in database form), shared by every table that stores one
// (transfer calls, appointments, leads).
import type { ConsentInput } from '@tm/shared/schemas/consent';
import { toDbDate } from '../../db/dates.ts';

export function consentColumns(c: ConsentInput = {}) {
  return {
    consentSourceUrl: c.consentSourceUrl ?? null,
    consentAt: c.consentAt ? toDbDate(new Date(c.consentAt)) : null,
    consentIp: c.consentIp ?? null,
    consentText: c.consentText ?? null,
    certificateKind: c.certificateKind ?? null,
    certificateId: c.certificateId ?? null,
    certificateClaimExpiresAt: c.certificateClaimExpiresAt ? toDbDate(new Date(c.certificateClaimExpiresAt)) : null,
  };
}
