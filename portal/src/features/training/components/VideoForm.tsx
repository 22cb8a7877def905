// The upload/edit form of the training admin: the video rules of docs/product/portal.md#training-center-and-training-admin; empty optional fields are sent
// as absent and an empty sort order as 0 (the shared schema does both).
import type { ZodType } from 'zod';
import { ApiError } from '@tm/shared/api-client';
import { TRAINING_SECTIONS, trainingVideoSchema, type TrainingVideo, type TrainingVideoValues } from '@tm/shared/schemas/training';
import { useToast } from '../../../components/toast.tsx';
import { Field, FieldError, Form, Input, Select, Textarea, type FormMethods } from '../../../components/ui/form/index.ts';
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

/** The shared schema reads the form's text (empty optional fields absent, an empty sort order 0). */
const videoFormSchema = trainingVideoSchema as unknown as ZodType<TrainingVideoValues, FormValues>;

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
  const pending = create.isPending || update.isPending;

  const onSubmit = async (values: TrainingVideoValues, form: FormMethods<FormValues, TrainingVideoValues>) => {
    try {
      if (editing) {
        await update.mutateAsync({ ...values, id: editing.id });
        toast({ title: 'Video Updated', description: `"${values.title}" was updated.` });
      } else {
        await create.mutateAsync(values);
        toast({ title: 'Video Uploaded', description: `"${values.title}" was added.` });
      }
      form.reset(EMPTY);
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return onAuthLost();
      toast({ title: 'Error', description: err instanceof ApiError ? err.serverMessage : 'Failed to save video', variant: 'destructive' });
    }
  };

  return (
    // A new key per video edited: the fields start from that video (or empty for an upload).
    <Form
      key={editing?.id ?? 'new'}
      schema={videoFormSchema}
      defaultValues={editing ? toForm(editing) : EMPTY}
      onSubmit={onSubmit}
      className="card trn-form"
      aria-labelledby="video-form-title"
    >
      {(form) => (
        <>
          <h2 id="video-form-title">{editing ? 'Edit Video' : 'Upload New Video'}</h2>
          <Field id="v-title" name="title" label="Title">
            <Input id="v-title" name="title" />
          </Field>
          <Field id="v-description" name="description" label="Description (optional)">
            <Textarea id="v-description" name="description" rows={3} />
          </Field>
          <Field id="v-url" name="videoUrl" label="Video URL">
            <Input id="v-url" name="videoUrl" type="url" placeholder="https://" />
          </Field>
          <div className="field">
            <label htmlFor="v-section">Section</label>
            <Select id="v-section" name="section">
              <option value="">Select a section</option>
              {TRAINING_SECTIONS.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </Select>
            <FieldError name="section" />
          </div>
          <Field id="v-thumb" name="thumbnailUrl" label="Thumbnail URL (optional)">
            <Input id="v-thumb" name="thumbnailUrl" type="url" placeholder="https://" />
          </Field>
          <div className="trn-row">
            <Field id="v-duration" name="duration" label="Duration in seconds (optional)">
              <Input id="v-duration" name="duration" type="number" min={1} step={1} inputMode="numeric" />
            </Field>
            <Field id="v-sort" name="sortOrder" label="Sort Order">
              <Input id="v-sort" name="sortOrder" type="number" min={0} step={1} inputMode="numeric" />
            </Field>
          </div>
          <label className="trn-check">
            <Input name="isActive" id="v-active" type="checkbox" /> Active (shown on the public page)
          </label>
          <div className="trn-actions">
            {editing && (
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => {
                  form.reset(EMPTY);
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
        </>
      )}
    </Form>
  );
}
