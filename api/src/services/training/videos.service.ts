// Training videos: the public list (active only) and the manager's create, update, delete.
import type { Db } from '../../db/index.ts';
import type { TrainingVideo, TrainingVideoValues, TrainingSection } from '@tm/shared/schemas/training';
import { notFound } from '../../errors.ts';
import { toDbDate, toIso } from '../../db/dates.ts';
import { TrainingVideo as TrainingVideoModel } from '../../models/index.ts';
import type { Knex } from 'knex';
import { adminById, changedFields, recordAudit, type AuditActor } from '../audit/audit.service.ts';

function toVideo(r: TrainingVideoModel): TrainingVideo {
  return {
    id: Number(r.id),
    title: r.title,
    description: r.description ?? null,
    videoUrl: r.videoUrl,
    section: r.section as TrainingSection,
    thumbnailUrl: r.thumbnailUrl ?? null,
    duration: r.duration === null || r.duration === undefined ? null : Number(r.duration),
    sortOrder: Number(r.sortOrder),
    isActive: Boolean(Number(r.isActive)),
    createdAt: toIso(r.createdAt),
    updatedAt: toIso(r.updatedAt),
  };
}

const ORDER = [
  { column: 'sortOrder', order: 'asc' as const },
  { column: 'id', order: 'asc' as const },
];

export async function listPublicVideos(db: Db): Promise<TrainingVideo[]> {
  const rows = await TrainingVideoModel.query(db).where({ isActive: true }).orderBy(ORDER);
  return rows.map(toVideo);
}

export async function listAllVideos(db: Db): Promise<TrainingVideo[]> {
  const rows = await TrainingVideoModel.query(db).orderBy(ORDER);
  return rows.map(toVideo);
}

/** Absent optional fields are stored as null (an update clears what the form left empty). */
function columns(v: TrainingVideoValues) {
  return {
    title: v.title,
    description: v.description ?? null,
    videoUrl: v.videoUrl,
    section: v.section,
    thumbnailUrl: v.thumbnailUrl ?? null,
    duration: v.duration ?? null,
    sortOrder: v.sortOrder,
  };
}

async function findVideo(db: Db | Knex.Transaction, id: number): Promise<TrainingVideo | undefined> {
  const row = await TrainingVideoModel.query(db).findById(id);
  return row ? toVideo(row) : undefined;
}

/** The audited fields of a video. */
const audited = (v: TrainingVideo) => ({
  title: v.title,
  description: v.description ?? null,
  videoUrl: v.videoUrl,
  section: v.section,
  thumbnailUrl: v.thumbnailUrl ?? null,
  duration: v.duration ?? null,
  sortOrder: v.sortOrder,
  isActive: v.isActive,
});

export async function createVideo(db: Db, v: TrainingVideoValues, now: Date, actor: AuditActor = adminById(null)): Promise<TrainingVideo> {
  return db.transaction(async (trx) => {
    const { id } = await TrainingVideoModel.query(trx).insert({
      ...columns(v),
      isActive: v.isActive ?? true,
      createdAt: toDbDate(now),
      updatedAt: toDbDate(now),
    });
    const video = (await findVideo(trx, id))!;
    await recordAudit(trx, { actor, action: 'training_video.created', entity: 'training_video', entityId: Number(id), after: audited(video), at: now });
    return video;
  });
}

export async function updateVideo(db: Db, id: number, v: TrainingVideoValues, now: Date, actor: AuditActor = adminById(null)): Promise<TrainingVideo> {
  const patch = { ...columns(v), updatedAt: toDbDate(now), ...(v.isActive !== undefined ? { isActive: v.isActive } : {}) };
  return db.transaction(async (trx) => {
    // Existence is checked first: MariaDB counts only changed rows, so an identical save would look like a miss.
    const old = await findVideo(trx, id);
    if (!old) throw notFound('Video not found');
    await TrainingVideoModel.query(trx).findById(id).patch(patch);
    const video = (await findVideo(trx, id))!;
    const edit = changedFields(audited(old), audited(video));
    if (edit)
      await recordAudit(trx, {
        actor,
        action: 'training_video.updated',
        entity: 'training_video',
        entityId: id,
        before: { title: old.title, ...edit.before },
        after: { title: video.title, ...edit.after },
        at: now,
      });
    return video;
  });
}

export async function deleteVideo(db: Db, id: number, now: Date = new Date(), actor: AuditActor = adminById(null)): Promise<void> {
  await db.transaction(async (trx) => {
    const old = await findVideo(trx, id);
    const n = await TrainingVideoModel.query(trx).deleteById(id);
    if (!n || !old) throw notFound('Video not found');
    await recordAudit(trx, { actor, action: 'training_video.deleted', entity: 'training_video', entityId: id, before: audited(old), at: now });
  });
}
