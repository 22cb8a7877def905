// The admin's inboxes (issue 13 item 4): partner applications (list, detail, their files, a review
// status with a note) and the agent-lab and RingCloud sign-ups (who, when, what they asked for, whether
// the account's owner has chosen a password, and the admin's follow-up status).
import type { AppConfig } from '../../config.ts';
import { enqueuePartnerDecision } from '../mail/account-mail.ts';
import type { Readable } from 'node:stream';
import type { Knex } from 'knex';
import type { ModelObject } from 'objection';
import type { ListQuery, Page } from '@tm/shared/schemas/admin';
import {
  SIGNUP_STATUSES,
  type ApplicationStatus,
  type PartnerApplicationDetail,
  type PartnerApplicationSummary,
  type Signup,
  type SignupSource,
  type SignupStatus,
} from '@tm/shared/schemas/admin-business';
import { AGENT_LAB } from '@tm/shared/schemas/funnel';
import type { Db } from '../../db/index.ts';
import { notFound } from '../../errors.ts';
import { checkKey, type Storage } from '../../storage/index.ts';
import { toDbDate, toIso } from '../../db/dates.ts';
import { readPage, withItems } from '../../db/paging.ts';
import { whereAnyContains } from '../../db/like.ts';
import { OnboardingSurvey, PartnerApplication, User } from '../../models/index.ts';
import { adminById, recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { num } from '../../db/numbers.ts';

/** A partner application as the lists show it: its columns and how many files came with it. */
type ApplicationSummaryRow = Pick<
  PartnerApplication,
  'id' | 'businessName' | 'contactName' | 'email' | 'phone' | 'businessType' | 'monthlyVolume' | 'status' | 'createdAt'
> & { fileCount: number | string };
/** A sign-up's survey with the account made from it (all null without one). */
type SignupRow = ModelObject<OnboardingSurvey> & {
  accountUsername: User['username'];
  passwordChangedAt: User['passwordChangedAt'];
  accountId: User['id'] | null;
};
const str = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

export const fileDownloadPath = (applicationId: number, fileId: number) => `/api/admin/partner-applications/${applicationId}/files/${fileId}`;

function toApplicationSummary(r: ApplicationSummaryRow): PartnerApplicationSummary {
  return {
    id: num(r.id),
    businessName: String(r.businessName),
    contactName: String(r.contactName),
    email: String(r.email),
    phone: String(r.phone),
    businessType: String(r.businessType),
    monthlyVolume: String(r.monthlyVolume),
    status: (str(r.status) ?? 'new') as ApplicationStatus,
    fileCount: num(r.fileCount),
    createdAt: toIso(r.createdAt),
  };
}

/** Applications (p) with their file count, as a Knex builder for the shared paging helper. */
function withFileCount(db: Db): Knex.QueryBuilder {
  return PartnerApplication.query(db)
    .alias('p')
    .select(
      'p.id',
      'p.businessName',
      'p.contactName',
      'p.email',
      'p.phone',
      'p.businessType',
      'p.monthlyVolume',
      'p.status',
      'p.createdAt',
      PartnerApplication.relatedQuery('partnerApplicationFiles').count().as('fileCount'),
    )
    .toKnexQuery();
}

/** Newest first; filter by status; each word of q in the business, contact name or e-mail. */
export async function listApplications(db: Db, q: ListQuery & { status?: ApplicationStatus }): Promise<Page<PartnerApplicationSummary>> {
  let base = withFileCount(db);
  if (q.status) base = base.where('p.status', q.status);
  for (const term of q.q.split(/\s+/).filter(Boolean).slice(0, 5)) base = whereAnyContains(base, ['p.businessName', 'p.contactName', 'p.email'], term);
  const rows = base.clone().orderBy([
    { column: 'p.createdAt', order: 'desc' },
    { column: 'p.id', order: 'desc' },
  ]);
  const page = await readPage<ApplicationSummaryRow>(q, { rows, count: base });
  return withItems(page, page.items.map(toApplicationSummary));
}

function parseList(v: unknown): string[] {
  try {
    const parsed: unknown = JSON.parse(String(v ?? '[]'));
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

export async function getApplication(db: Db, id: number): Promise<PartnerApplicationDetail> {
  const r = await PartnerApplication.query(db)
    .alias('p')
    .leftJoin(`${User.tableName} as u`, 'u.id', 'p.reviewedByUserId')
    .where('p.id', id)
    .select('p.*', 'u.email as reviewerEmail')
    .first()
    .castTo<(ModelObject<PartnerApplication> & { reviewerEmail: User['email'] | null }) | undefined>();
  if (!r) throw notFound('Application not found');
  const files = await PartnerApplication.relatedQuery('partnerApplicationFiles', db)
    .for(id)
    .orderBy('id', 'asc')
    .select('id', 'originalName', 'mimeType', 'sizeBytes');
  return {
    ...toApplicationSummary({ ...r, fileCount: files.length }),
    website: String(r.website),
    experienceYears: String(r.experienceYears),
    servicesInterested: parseList(r.servicesInterested),
    targetMarkets: String(r.targetMarkets),
    businessDescription: String(r.businessDescription),
    whyPartner: String(r.whyPartner),
    reviewNote: str(r.reviewNote),
    reviewedAt: toIso(r.reviewedAt),
    reviewedBy: str(r.reviewerEmail),
    files: files.map((f) => ({
      id: num(f.id),
      originalName: String(f.originalName),
      mimeType: String(f.mimeType),
      sizeBytes: num(f.sizeBytes),
      downloadUrl: fileDownloadPath(id, num(f.id)),
    })),
  };
}

export async function reviewApplication(
  db: Db,
  config: AppConfig,
  id: number,
  input: { status: ApplicationStatus; note: string },
  adminId: number,
  now: Date,
): Promise<PartnerApplicationDetail> {
  await db.transaction(async (trx) => {
    const before = await PartnerApplication.query(trx).findById(id).select('status', 'email', 'contactName', 'reviewNote', 'businessName');
    if (!before) throw notFound('Application not found');
    await PartnerApplication.query(trx)
      .findById(id)
      .patch({
        status: input.status,
        reviewNote: input.note || null,
        reviewedAt: input.status === 'new' ? null : toDbDate(now),
        reviewedByUserId: input.status === 'new' ? null : adminId,
      });
    // The applicant hears of a decision once, when it is made or changed (decision 045).
    if (input.status !== 'new' && before.status !== input.status) {
      await enqueuePartnerDecision(trx, config, now, { email: before.email, name: before.contactName }, input.status);
    }
    await recordAudit(trx, {
      actor: adminById(adminId),
      action: 'application.reviewed',
      entity: 'application',
      entityId: id,
      before: { businessName: before.businessName, status: before.status, note: before.reviewNote ?? null },
      after: { businessName: before.businessName, status: input.status, note: input.note || null },
      at: now,
    });
  });
  return getApplication(db, id);
}

/**
 * The stored file of an application, read through the storage module (the upload folder or the
 * database, whichever STORAGE says; issue 27 M6): its bytes as a stream. 404 when the row or the bytes are missing.
 */
export async function applicationFile(
  db: Db,
  storage: Storage,
  applicationId: number,
  fileId: number,
): Promise<{ body: Readable; name: string; mime: string; size: number }> {
  const f = await PartnerApplication.relatedQuery('partnerApplicationFiles', db)
    .for(applicationId)
    .findById(fileId)
    .select('storedPath', 'originalName', 'mimeType', 'sizeBytes');
  if (!f) throw notFound('File not found');
  let body: Readable;
  try {
    body = await storage.read(checkKey(String(f.storedPath)));
  } catch {
    // A key that is not a plain relative path, or bytes no longer stored (swept, lost): the same 404.
    throw notFound('File not found');
  }
  return { body, name: String(f.originalName), mime: String(f.mimeType), size: num(f.sizeBytes) };
}

// ---------------------------------------------------------------------------------------------
// Sign-ups

const FORM_OF: Record<SignupSource, string> = { 'agent-lab': AGENT_LAB.onboardingForm, ringcloud: 'ringcloud' };
const SOURCE_OF: Record<string, SignupSource> = { [AGENT_LAB.onboardingForm]: 'agent-lab', ringcloud: 'ringcloud' };

function requestOf(r: SignupRow): Signup['request'] {
  const out: Signup['request'] = [{ label: 'Lead type', value: String(r.leadType) }];
  const add = (label: string, v: unknown) => {
    const s = str(v);
    if (s !== null) out.push({ label, value: s });
  };
  add('Total transfers', r.totalTransfers);
  add('Transfers per day', r.transfersPerDay);
  add('Calls per day', r.callsPerDay);
  add('Transfer hours', r.transferHours);
  add('Total call-backs', r.totalCallbacks);
  add('Call-back preference', r.callbackPreference);
  add('Age range', r.ageRange);
  add('Working states', r.workingStates);
  return out;
}

/** Sign-ups (s) with their account (u): the one made from the sign-up, else the one with its e-mail. */
function signupsBase(db: Db): Knex.QueryBuilder {
  return OnboardingSurvey.query(db)
    .alias('s')
    .leftJoin(`${User.tableName} as u`, (j) => {
      j.on('u.id', '=', 's.userId').orOn((k) => k.onNull('s.userId').andOn('u.email', '=', 's.email'));
    })
    .whereIn('s.onboardingForm', Object.values(FORM_OF))
    .select('s.*', 'u.username as accountUsername', 'u.passwordChangedAt as passwordChangedAt', 'u.id as accountId')
    .toKnexQuery();
}

function toSignup(r: SignupRow): Signup {
  const source = SOURCE_OF[String(r.onboardingForm)] ?? 'ringcloud';
  const hasAccount = r.accountId !== null && r.accountId !== undefined;
  const status = str(r.adminStatus);
  return {
    id: num(r.id),
    source,
    status: status && (SIGNUP_STATUSES as readonly string[]).includes(status) ? (status as SignupStatus) : 'new',
    userId: hasAccount ? num(r.accountId) : null,
    name: `${String(r.firstName)} ${String(r.lastName)}`.trim(),
    email: String(r.email),
    phone: String(r.phone ?? ''),
    agencyName: String(r.agencyName ?? ''),
    username: str(r.accountUsername) ?? str(r.username),
    createdAt: toIso(r.createdAt),
    request: requestOf(r),
    // RingCloud sign-ups choose their password on the form; agent-lab accounts get a random one
    // nobody knows, so theirs is set once they used a set-password link (or an admin set one).
    passwordSet: hasAccount && (source === 'ringcloud' || r.passwordChangedAt !== null),
  };
}

export async function listSignups(db: Db, q: ListQuery & { source?: SignupSource; status?: SignupStatus }): Promise<Page<Signup>> {
  let base = signupsBase(db);
  if (q.source) base = base.where('s.onboardingForm', FORM_OF[q.source]);
  if (q.status) base = base.where('s.adminStatus', q.status);
  for (const term of q.q.split(/\s+/).filter(Boolean).slice(0, 5))
    base = whereAnyContains(base, ['s.firstName', 's.lastName', 's.email', 's.agencyName'], term);
  const rows = base.clone().orderBy([
    { column: 's.createdAt', order: 'desc' },
    { column: 's.id', order: 'desc' },
  ]);
  const page = await readPage<SignupRow>(q, { rows, count: base });
  return withItems(page, page.items.map(toSignup));
}

async function getSignup(db: Db, id: number): Promise<Signup> {
  const r = (await signupsBase(db).where('s.id', id).first()) as SignupRow | undefined;
  if (!r) throw notFound('Sign-up not found');
  return toSignup(r);
}

/** The admin moves a sign-up's follow-up (new, contacted, onboarded); the audit log says who, when and from what. */
export async function setSignupStatus(db: Db, id: number, status: SignupStatus, actor: AuditActor, now: Date): Promise<Signup> {
  await db.transaction(async (trx) => {
    const before = (await signupsBase(trx).where('s.id', id).first()) as SignupRow | undefined;
    if (!before) throw notFound('Sign-up not found');
    const was = toSignup(before);
    if (was.status === status) return;
    await OnboardingSurvey.query(trx).findById(id).patch({ adminStatus: status });
    await recordAudit(trx, {
      actor,
      action: 'signup.status',
      entity: 'signup',
      entityId: id,
      userId: was.userId,
      before: { adminStatus: was.status },
      after: { adminStatus: status },
      at: now,
    });
  });
  return getSignup(db, id);
}
