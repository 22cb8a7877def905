// The consent record a lead, transfer or appointment may carry (issue 19, item 1): where and when the
// consumer agreed, from which address, the words shown, and a TrustedForm or Jornaya certificate with the
// date its claim expires. Every field optional; accepted by the transfer callback.
import { z } from 'zod';

const instant = (name: string) => z.iso.datetime({ offset: true, error: `${name} must be an ISO 8601 date-time with a time zone` });

export const consentFields = {
  consentSourceUrl: z
    .string()
    .trim()
    .max(1000, 'consentSourceUrl is too long')
    .pipe(z.url({ protocol: /^https?$/, error: 'consentSourceUrl must be an http(s) URL' }))
    .optional(),
  consentAt: instant('consentAt').optional(),
  consentIp: z.union([z.ipv4(), z.ipv6()], { error: 'consentIp must be an IP address' }).optional(),
  consentText: z.string().max(5000, 'consentText is at most 5000 characters').optional(),
  certificateKind: z.enum(['trustedform', 'jornaya'], { error: 'certificateKind must be trustedform or jornaya' }).optional(),
  certificateId: z.string().trim().max(200, 'certificateId is too long').optional(),
  certificateClaimExpiresAt: instant('certificateClaimExpiresAt').optional(),
};

export type ConsentInput = { [K in keyof typeof consentFields]?: z.infer<(typeof consentFields)[K]> };

/** The webhook's consent fields (snake_case like the rest of its payload) and their column names. */
export const CALLBACK_CONSENT_FIELDS = {
  consent_source_url: 'consentSourceUrl',
  consent_at: 'consentAt',
  consent_ip: 'consentIp',
  consent_text: 'consentText',
  certificate_kind: 'certificateKind',
  certificate_id: 'certificateId',
  certificate_claim_expires_at: 'certificateClaimExpiresAt',
} as const satisfies Record<string, keyof ConsentInput>;

/**
 * The kind of a consent certificate from its id when the sender does not say: a TrustedForm certificate
 * URL (cert.trustedform.com/...) or its 40-hex token, or a Jornaya LeadiD (a UUID). Null when neither.
 */
export function certificateKindOf(id: string): 'trustedform' | 'jornaya' | null {
  const s = id.trim();
  if (/^https:\/\/cert\.trustedform\.com\/[0-9a-f]{40}$/i.test(s) || /^[0-9a-f]{40}$/i.test(s)) return 'trustedform';
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s)) return 'jornaya';
  return null;
}

// ---- Do-not-call lists and per-lead scrub results (admin) ----

export const DNC_LIST_NAMES = { dnc: 'Do-not-call', litigator: 'Litigator' } as const;
export type DncListName = keyof typeof DNC_LIST_NAMES;
/** How many numbers each list holds. */
export type DncListSummary = Record<DncListName, number>;
/** POST /api/admin/dnc-lists: the file's numbers, those new to the list, and leads taken off sale. */
export interface DncUploadResult {
  list: DncListName;
  numbers: number;
  added: number;
  blockedLeads: number;
}
export interface ScrubRowError {
  line: number;
  field: 'phone' | 'result' | 'scrubbedAt';
  message: string;
}
/** POST /api/admin/dnc-scrubs: rows read, applied, leads updated and taken off sale, and the bad rows. */
export interface ScrubUploadResult {
  rows: number;
  applied: number;
  updatedLeads: number;
  blockedLeads: number;
  errors: ScrubRowError[];
}
