// Training videos: the public list (active only) and the manager's create, update, delete.
import type { Db } from '../../db/index.ts';
import type { TrainingVideo, TrainingVideoValues, TrainingSection } from '@tm/shared/schemas/training';
import { notFound } from '../../errors.ts';
import { toDbDate, toIso } from '../../db/dates.ts';
import { TrainingVideo as TrainingVideoModel } from '../../models/index.ts';

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

async function findVideo(db: Db, id: number): Promise<TrainingVideo | undefined> {
  const row = await TrainingVideoModel.query(db).findById(id);
  return row ? toVideo(row) : undefined;
}

export async function createVideo(db: Db, v: TrainingVideoValues, now: Date): Promise<TrainingVideo> {
  const { id } = await TrainingVideoModel.query(db).insert({ ...columns(v), isActive: v.isActive ?? true, createdAt: toDbDate(now), updatedAt: toDbDate(now) });
  return (await findVideo(db, id))!;
}

export async function updateVideo(db: Db, id: number, v: TrainingVideoValues, now: Date): Promise<TrainingVideo> {
  const patch = { ...columns(v), updatedAt: toDbDate(now), ...(v.isActive !== undefined ? { isActive: v.isActive } : {}) };
  // Existence is checked first: MariaDB counts only changed rows, so an identical save would look like a miss.
  if (!(await findVideo(db, id))) throw notFound('Video not found');
  await TrainingVideoModel.query(db).findById(id).patch(patch);
  return (await findVideo(db, id))!;
}

export async function deleteVideo(db: Db, id: number): Promise<void> {
  const n = await TrainingVideoModel.query(db).deleteById(id);
  if (!n) throw notFound('Video not found');
}
