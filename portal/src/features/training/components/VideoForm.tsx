// The upload/edit form of the training admin: the video rules of docs/product/portal.md#training-center-and-training-admin; empty optional fields are sent
// as absent and an empty sort order as 0 (the shared schema does both).
import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@tm/shared/api-client';
import { TRAINING_SECTIONS, trainingVideoSchema, type TrainingVideo, type TrainingVideoValues } from '@tm/shared/schemas/training';
import { useToast } from '../../../components/toast.tsx';
import { useCreateVideo } from '../api/create-video.ts';
import { useUpdateVideo } from '../api/update-video.ts';

interface FormValues {
  title: string;
  description: string;
  videoUrl: string;
  section: string;
  thumbnailUrl: string;
  duration: string;
  sortOrder: string;
  isActive: boolean;
}

const EMPTY: FormValues = { title: '', description: '', videoUrl: '', section: '', thumbnailUrl: '', duration: '', sortOrder: '0', isActive: true };

function toForm(v: TrainingVideo): FormValues {
  return {
    title: v.title,
    description: v.description ?? '',
    videoUrl: v.videoUrl,
    section: v.section,
    thumbnailUrl: v.thumbnailUrl ?? '',
    duration: v.duration === null ? '' : String(v.duration),
    sortOrder: String(v.sortOrder),
    isActive: v.isActive,
  };
}

export function VideoForm({ editing, onDone, onAuthLost }: { editing: TrainingVideo | null; onDone: () => void; onAuthLost: () => void }) {
  const toast = useToast();
  const create = useCreateVideo();
  const update = useUpdateVideo();
  const resolver = zodResolver(trainingVideoSchema) as unknown as Resolver<FormValues, unknown, TrainingVideoValues>;
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormValues, unknown, TrainingVideoValues>({ resolver, defaultValues: EMPTY });
  useEffect(() => reset(editing ? toForm(editing) : EMPTY), [editing, reset]);
  const pending = create.isPending || update.isPending;

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (editing) {
        await update.mutateAsync({ ...values, id: editing.id });
        toast({ title: 'Video Updated', description: `"${values.title}" was updated.` });
      } else {
        await create.mutateAsync(values);
        toast({ title: 'Video Uploaded', description: `"${values.title}" was added.` });
      }
      reset(EMPTY);
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return onAuthLost();
      toast({ title: 'Error', description: err instanceof ApiError ? err.serverMessage : 'Failed to save video', variant: 'destructive' });
    }
  });

  return (
    <form className="card trn-form" onSubmit={onSubmit} noValidate aria-labelledby="video-form-title">
      <h2 id="video-form-title">{editing ? 'Edit Video' : 'Upload New Video'}</h2>
      <div className="field">
        <label htmlFor="v-title">Title</label>
        <input id="v-title" {...register('title')} aria-invalid={!!errors.title} />
        {errors.title && <p className="field-error">{errors.title.message}</p>}
      </div>
      <div className="field">
        <label htmlFor="v-description">Description (optional)</label>
        <textarea id="v-description" rows={3} {...register('description')} />
        {errors.description && <p className="field-error">{errors.description.message}</p>}
      </div>
      <div className="field">
        <label htmlFor="v-url">Video URL</label>
        <input id="v-url" type="url" placeholder="https://" {...register('videoUrl')} aria-invalid={!!errors.videoUrl} />
        {errors.videoUrl && <p className="field-error">{errors.videoUrl.message}</p>}
      </div>
      <div className="field">
        <label htmlFor="v-section">Section</label>
        <select id="v-section" {...register('section')} aria-invalid={!!errors.section}>
          <option value="">Select a section</option>
          {TRAINING_SECTIONS.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        {errors.section && <p className="field-error">{errors.section.message}</p>}
      </div>
      <div className="field">
        <label htmlFor="v-thumb">Thumbnail URL (optional)</label>
        <input id="v-thumb" type="url" placeholder="https://" {...register('thumbnailUrl')} aria-invalid={!!errors.thumbnailUrl} />
        {errors.thumbnailUrl && <p className="field-error">{errors.thumbnailUrl.message}</p>}
      </div>
      <div className="trn-row">
        <div className="field">
          <label htmlFor="v-duration">Duration in seconds (optional)</label>
          <input id="v-duration" type="number" min={1} step={1} inputMode="numeric" {...register('duration')} aria-invalid={!!errors.duration} />
          {errors.duration && <p className="field-error">{errors.duration.message}</p>}
        </div>
        <div className="field">
          <label htmlFor="v-sort">Sort Order</label>
          <input id="v-sort" type="number" min={0} step={1} inputMode="numeric" {...register('sortOrder')} aria-invalid={!!errors.sortOrder} />
          {errors.sortOrder && <p className="field-error">{errors.sortOrder.message}</p>}
        </div>
      </div>
      <label className="trn-check">
        <input type="checkbox" {...register('isActive')} /> Active (shown on the public page)
      </label>
      <div className="trn-actions">
        {editing && (
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => {
              reset(EMPTY);
              onDone();
            }}
          >
            Cancel Edit
          </button>
        )}
        <button type="submit" className="btn" disabled={pending}>
          {pending ? 'Saving...' : editing ? 'Update Video' : 'Upload Video'}
        </button>
      </div>
    </form>
  );
}
