// /affnetwork: the partner network application, sent as multipart to POST /api/affnetwork-signup
// (fields as text, servicesInterested as JSON text, agreeToTerms 'true'/'false', files file_0, file_1, ...).
// One react-hook-form form: the application's fields checked with the server's schema, and the attached
// files (each checked as it is attached; a refused one is named under the file input).
import { useRef, useState } from 'react';
import { useForm, type Resolver, type ResolverOptions } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { api, ApiError } from '@tm/shared/api-client';
import {
  partnerApplicationSchema,
  PARTNER_BUSINESS_TYPES,
  PARTNER_EXPERIENCE,
  PARTNER_VOLUMES,
  PARTNER_SERVICES,
  PARTNER_FILE_EXTENSIONS,
  PARTNER_FILE_MAX_BYTES,
  PARTNER_MAX_FILES,
  PARTNER_REVIEW_PROMISE,
  type PartnerApplicationInput,
  type PartnerApplication as PartnerValues,
} from '@tm/shared/schemas/funnel';
import { toast } from '../stores/toast.ts';
import { Field, ErrorText, described, applyServerFields, HydratedFieldset } from './form-parts.tsx';
import { keptAttribution } from '../scripts/attribution.ts';

export const PARTNER_FAILED = 'Failed to submit application. Please try again.';
const FIELD_NAMES = [
  'businessName',
  'contactName',
  'email',
  'phone',
  'website',
  'businessType',
  'experienceYears',
  'monthlyVolume',
  'servicesInterested',
  'targetMarkets',
  'businessDescription',
  'whyPartner',
  'agreeToTerms',
] as const;
/** The form's fields: the application's and the attached files. */
type PartnerFields = PartnerApplicationInput & { files: File[] };
type PartnerChecked = PartnerValues & { files: File[] };

const checkApplication = zodResolver(partnerApplicationSchema);
/** The application checked with the server's schema; the files (checked as they are attached) go along. */
const resolver: Resolver<PartnerFields, unknown, PartnerChecked> = async (values, context, options) => {
  const checked = await checkApplication(values, context, options as unknown as ResolverOptions<PartnerApplicationInput>);
  if (Object.keys(checked.errors).length) return { values: {}, errors: checked.errors };
  return { values: { ...(checked.values as PartnerValues), files: values.files }, errors: {} };
};

const ACCEPT = PARTNER_FILE_EXTENSIONS.map((e) => `.${e}`).join(',');
const MB = 1024 * 1024;

function fileProblem(file: File): string | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(PARTNER_FILE_EXTENSIONS as readonly string[]).includes(ext))
    return `"${file.name}" is not an accepted file type. Only PDF, DOC, DOCX, JPG, JPEG and PNG files are accepted.`;
  if (file.size > PARTNER_FILE_MAX_BYTES) return `"${file.name}" is too large (10 MB maximum).`;
  return null;
}

export default function PartnerApplication() {
  const [busy, setBusy] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    reset,
    formState: { errors },
  } = useForm<PartnerFields, unknown, PartnerChecked>({
    resolver,
    defaultValues: {
      businessName: '',
      contactName: '',
      email: '',
      phone: '',
      website: '',
      targetMarkets: '',
      businessDescription: '',
      whyPartner: '',
      servicesInterested: [],
      agreeToTerms: false,
      files: [],
    },
  });
  const files = watch('files');
  const setFiles = (next: File[]) => setValue('files', next);

  function addFiles(list: FileList | null) {
    if (!list) return;
    const incoming = Array.from(list);
    const bad = incoming.map(fileProblem).find(Boolean) ?? null;
    const good = incoming.filter((f) => !fileProblem(f));
    const next = [...files, ...good].slice(0, PARTNER_MAX_FILES);
    setFiles(next);
    setFileError(bad ?? (files.length + good.length > PARTNER_MAX_FILES ? `You can attach at most ${PARTNER_MAX_FILES} files.` : null));
    if (fileInput.current) fileInput.current.value = '';
  }

  const onSubmit = handleSubmit(async ({ files: attached, ...values }) => {
    setBusy(true);
    const body = new FormData();
    for (const [key, value] of Object.entries(values)) {
      if (key === 'servicesInterested') body.append(key, JSON.stringify(value));
      else body.append(key, String(value));
    }
    const attribution = keptAttribution();
    if (attribution) body.append('attribution', JSON.stringify(attribution));
    attached.forEach((f, i) => body.append(`file_${i}`, f, f.name));
    try {
      await api.requestJson('POST', '/api/affnetwork-signup', body);
      reset();
      window.location.assign('/thank-you?journey=partner');
    } catch (err) {
      const message = err instanceof ApiError ? err.serverMessage : PARTNER_FAILED;
      if (err instanceof ApiError) {
        applyServerFields(err.fields, FIELD_NAMES, setError);
        const fileKey = Object.keys(err.fields ?? {}).find((k) => /^file_\d+$/.test(k) || k === 'files');
        if (fileKey) setFileError(err.fields?.[fileKey] ?? message);
      }
      toast({ title: 'Error', description: message || PARTNER_FAILED, variant: 'destructive' });
      setBusy(false);
    }
  });

  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-labelledby="partner-form-title">
      <HydratedFieldset>
        <h2 id="partner-form-title">Partner application</h2>
        <h3>Your business</h3>
        <div className="form-row">
          <Field id="businessName" label="Business name" error={errors.businessName}>
            <input {...register('businessName')} {...described('businessName', errors.businessName)} autoComplete="organization" />
          </Field>
          <Field id="contactName" label="Contact name" error={errors.contactName}>
            <input {...register('contactName')} {...described('contactName', errors.contactName)} autoComplete="name" />
          </Field>
        </div>
        <div className="form-row">
          <Field id="email" label="Email" error={errors.email}>
            <input type="email" {...register('email')} {...described('email', errors.email)} autoComplete="email" />
          </Field>
          <Field id="phone" label="Phone" error={errors.phone}>
            <input type="tel" {...register('phone')} {...described('phone', errors.phone)} autoComplete="tel" />
          </Field>
        </div>
        <Field id="website" label="Website" error={errors.website} hint="For example https://yourcompany.com">
          <input type="url" {...register('website')} {...described('website', errors.website, true)} autoComplete="url" placeholder="https://" />
        </Field>
        <div className="form-row">
          <Field id="businessType" label="Business type" error={errors.businessType}>
            <select {...register('businessType')} {...described('businessType', errors.businessType)} defaultValue="">
              <option value="" disabled>
                Select your business type
              </option>
              {PARTNER_BUSINESS_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </Field>
          <Field id="experienceYears" label="Years of experience" error={errors.experienceYears}>
            <select {...register('experienceYears')} {...described('experienceYears', errors.experienceYears)} defaultValue="">
              <option value="" disabled>
                Select your experience
              </option>
              {PARTNER_EXPERIENCE.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </Field>
          <Field id="monthlyVolume" label="Monthly volume" error={errors.monthlyVolume}>
            <select {...register('monthlyVolume')} {...described('monthlyVolume', errors.monthlyVolume)} defaultValue="">
              <option value="" disabled>
                Select your monthly volume
              </option>
              {PARTNER_VOLUMES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </Field>
        </div>

        <fieldset aria-describedby={errors.servicesInterested ? 'servicesInterested-error' : undefined}>
          <legend>Services you are interested in</legend>
          <div className="choices">
            {PARTNER_SERVICES.map((s) => (
              <label className="choice" key={s}>
                <input type="checkbox" value={s} {...register('servicesInterested')} />
                {s}
              </label>
            ))}
          </div>
          <ErrorText id="servicesInterested" error={errors.servicesInterested as { message?: string } | undefined} />
        </fieldset>

        <Field id="targetMarkets" label="Target markets" error={errors.targetMarkets} hint="Products, states and audiences you work with.">
          <input {...register('targetMarkets')} {...described('targetMarkets', errors.targetMarkets, true)} />
        </Field>
        <Field id="businessDescription" label="Describe your business" error={errors.businessDescription} hint="At least 50 characters.">
          <textarea {...register('businessDescription')} {...described('businessDescription', errors.businessDescription, true)} />
        </Field>
        <Field id="whyPartner" label="Why do you want to partner with us?" error={errors.whyPartner} hint="At least 50 characters.">
          <textarea {...register('whyPartner')} {...described('whyPartner', errors.whyPartner, true)} />
        </Field>

        <div className="field">
          <label htmlFor="files">Supporting documents (optional)</label>
          <input
            id="files"
            ref={fileInput}
            type="file"
            multiple
            accept={ACCEPT}
            onChange={(e) => addFiles(e.target.files)}
            aria-describedby={`files-hint${fileError ? ' files-error' : ''}`}
          />
          <p className="hint" id="files-hint">
            PDF, DOC, DOCX, JPG, JPEG or PNG, up to 10MB each.
          </p>
          {fileError && (
            <p className="field-error" id="files-error" role="alert">
              {fileError}
            </p>
          )}
          {files.length > 0 && (
            <ul className="file-list" aria-label="Attached files">
              {files.map((f, i) => (
                <li key={`${f.name}-${i}`}>
                  <span>
                    {f.name} <span className="muted">({(f.size / MB).toFixed(1)} MB)</span>
                  </span>
                  <button type="button" className="link-button" onClick={() => setFiles(files.filter((_, j) => j !== i))} aria-label={`Remove ${f.name}`}>
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>

        <div className="field">
          <label className="choice" style={{ border: 0, padding: 0 }}>
            <input type="checkbox" {...register('agreeToTerms')} {...described('agreeToTerms', errors.agreeToTerms)} />I agree to the partner program terms and
            conditions
          </label>
          <ErrorText id="agreeToTerms" error={errors.agreeToTerms} />
        </div>

        <button className="btn btn-lg btn-block" type="submit" disabled={busy} aria-busy={busy}>
          {busy ? 'Submitting...' : 'Submit Application'}
        </button>
        <p className="muted small" style={{ marginTop: '0.75rem' }}>
          We review every application and get back to you {PARTNER_REVIEW_PROMISE}.
        </p>
      </HydratedFieldset>
    </form>
  );
}
