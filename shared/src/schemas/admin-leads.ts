// Admin schemas of leads: the CSV import and its mapping, the pool and its assignment, and the lead tools
// (unassign, delete, the shop's leads and inventory).
import { z } from 'zod';
import type { LeadContact } from './leads.ts';
import { checkKeysetList, keysetListShape } from './admin-lists.ts';

// ---- Lead import and assignment ----

export const LEAD_IMPORT_TARGETS = ['sale', 'assignment'] as const;
export type LeadImportTarget = (typeof LEAD_IMPORT_TARGETS)[number];
export const LEAD_KINDS = ['aged', 'fresh'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/** Largest CSV accepted (bytes): 100,000 rows of a wide export fit comfortably. */
export const LEAD_IMPORT_MAX_BYTES = 64 * 1024 * 1024;

/** Fields a CSV column can be mapped to, with the label shown on the mapping screen. */
export const LEAD_FIELDS = {
  name: 'Full name',
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone',
  email: 'Email',
  state: 'State',
  zipCode: 'ZIP code',
  ageRange: 'Age range',
  ageDays: 'Lead age (days)',
  price: 'Price (USD)',
  formFillTime: 'Form fill time',
  recordingUrl: 'Recording URL',
  callDuration: 'Call duration (seconds)',
  consentSourceUrl: 'Consent source page URL',
  consentAt: 'Consent time',
  consentIp: 'Consent IP address',
  consentText: 'Consent text shown',
  certificateId: 'TrustedForm / Jornaya certificate',
  certificateClaimExpiresAt: 'Certificate claim expires',
} as const;
export type LeadField = keyof typeof LEAD_FIELDS;
export const LEAD_FIELD_NAMES = Object.keys(LEAD_FIELDS) as LeadField[];

/** Which fields each target uses (leads for sale carry price, age and recording; assigned leads do not). */
export const LEAD_FIELDS_BY_TARGET: Record<LeadImportTarget, readonly LeadField[]> = {
  sale: [
    'name',
    'firstName',
    'lastName',
    'phone',
    'email',
    'state',
    'zipCode',
    'ageRange',
    'ageDays',
    'price',
    'formFillTime',
    'recordingUrl',
    'callDuration',
    // The consent record (issue 19): kept on the lead for its compliance file.
    'consentSourceUrl',
    'consentAt',
    'consentIp',
    'consentText',
    'certificateId',
    'certificateClaimExpiresAt',
  ],
  assignment: ['name', 'firstName', 'lastName', 'phone', 'email', 'state', 'zipCode', 'ageRange', 'formFillTime'],
};

/** Column index (0-based) per field; null or absent means not mapped. */
export const columnMappingSchema = z.partialRecord(z.enum(LEAD_FIELD_NAMES as [LeadField, ...LeadField[]]), z.number().int().min(0).max(999).nullable());
export type ColumnMapping = z.infer<typeof columnMappingSchema>;

export const startImportQuerySchema = z.object({
  target: z.enum(LEAD_IMPORT_TARGETS, { error: 'Choose whether the leads are for sale or for assignment' }),
  kind: z.enum(LEAD_KINDS, { error: 'Choose aged or fresh leads' }).optional(),
  filename: z.string().trim().max(255).optional().default('leads.csv'),
});

export const runImportSchema = z.object({
  mapping: columnMappingSchema,
  dryRun: z.boolean().optional().default(false),
});
export type RunImportInput = z.input<typeof runImportSchema>;

export interface LeadImportSummary {
  id: number;
  target: LeadImportTarget;
  kind: LeadKind | null;
  filename: string;
  sizeBytes: number;
  status: 'uploaded' | 'checked' | 'imported' | 'failed';
  totalRows: number;
  importedRows: number;
  rejectedRows: number;
  createdAt: string | null;
  completedAt: string | null;
  error: string | null;
}

export interface UploadedImport {
  import: LeadImportSummary;
  headers: string[];
  sample: string[][];
  suggestedMapping: ColumnMapping;
}

/**
 * Where an import's run stands: POST /api/admin/lead-imports/:id/run answers 202 at once and the run
 * is a background job; GET /api/admin/lead-imports/:id answers the latest of these as `progress`.
 */
export type ImportProgressEvent =
  | { type: 'queued' }
  | { type: 'progress'; rowsProcessed: number; bytesProcessed: number; totalBytes: number; rejectedRows: number }
  | { type: 'committing'; rowsProcessed: number; goodRows: number }
  | { type: 'done'; import: LeadImportSummary; errors: ImportRowError[] }
  | { type: 'error'; error: string };

export interface ImportRowError {
  row: number;
  reason: string;
}

export interface PoolLead extends LeadContact {
  id: number;
  assignedAgentId: number | null;
  assignedAgentEmail: string | null;
  assignedAt: string | null;
  createdAt: string | null;
}

export const poolQuerySchema = z
  .object({
    ...keysetListShape,
    status: z.enum(['unassigned', 'assigned', 'all']).optional().default('unassigned'),
  })
  .superRefine(checkKeysetList);

export const ASSIGN_MAX_LEADS = 500;
export const assignLeadsSchema = z.object({
  agentId: z.number({ error: 'Choose an agent' }).int().positive('Choose an agent'),
  leadIds: z
    .array(z.number().int().positive(), { error: 'Select at least one lead' })
    .min(1, 'Select at least one lead')
    .max(ASSIGN_MAX_LEADS, `Assign at most ${ASSIGN_MAX_LEADS} leads at a time`),
});
export type AssignLeadsInput = z.infer<typeof assignLeadsSchema>;

// ---------------------------------------------------------------------------------------------
// Lead tools (issue 26): take assigned leads back, delete unsold ones.

const leadIdList = (verb: string) =>
  z
    .array(z.number().int().positive(), { error: 'Select at least one lead' })
    .min(1, 'Select at least one lead')
    .max(ASSIGN_MAX_LEADS, `${verb} at most ${ASSIGN_MAX_LEADS} leads at a time`);

/** POST /api/admin/lead-pool/unassign: assigned pool leads go back to the pool (gone from the agent's My Leads). */
export const unassignLeadsSchema = z.object({ leadIds: leadIdList('Unassign') });
/** POST /api/admin/lead-pool/delete and /api/admin/leads/delete: leads nobody has (unassigned / unsold). */
export const deleteLeadsSchema = z.object({ leadIds: leadIdList('Delete') });
/** POST /api/admin/lead-pool/reassign: assigned pool leads move to another agent's My Leads (same shape as assign). */
export const reassignLeadsSchema = assignLeadsSchema;

/** GET /api/admin/leads: the leads of the shop (for sale, held, sold, blocked), to find and delete unsold ones. */
export const adminSaleLeadsQuerySchema = z
  .object({
    ...keysetListShape,
    status: z.enum(['unsold', 'sold', 'all'], { error: 'status must be unsold, sold or all' }).optional().default('unsold'),
  })
  .superRefine(checkKeysetList);

/** One lead of the shop as the admin sees it (contact details included). */
export interface AdminSaleLead {
  id: number;
  kind: 'aged' | 'fresh';
  name: string;
  phone: string | null;
  state: string;
  zipCode: string;
  ageDays: number;
  /** What the shop charges for it (its own price, else the catalogue default). */
  priceCents: number;
  status: string;
  timesSoldBefore: number;
  soldAt: string | null;
  buyerEmail: string | null;
  createdAt: string | null;
}

/** GET /api/admin/leads/inventory: leads for sale counted by state and by the shop's age bands, with prices. */
export interface LeadInventory {
  totals: { aged: number; fresh: number };
  byState: Array<{ state: string; aged: number; fresh: number }>;
  /** The aged-lead shop's bands (both ends included, so a lead 60 or 90 days old is in two), then the ages outside them. */
  byAge: Array<{ key: string; label: string; aged: number; fresh: number; priceCents: number | null }>;
  /** The price of a lead for sale one by one that has none of its own (Buy Aged Leads / Buy Leads). */
  defaultLeadPriceCents: number;
}
