// Do-not-call: upload a DNC or litigator list (numbers in any column), or per-lead scrub results with
// their date; each upload's result stays on screen (numbers added, leads taken off sale, refused rows).
import { useState } from 'react';
import { z } from 'zod';
import { DNC_LIST_NAMES, type DncListName, type DncUploadResult, type ScrubUploadResult } from '@tm/shared/schemas/consent';
import { Field, Form, FormAlert, Input, Select } from '../../../components/ui/form/index.ts';
import { useDncLists } from '../api/get-dnc-lists.ts';
import { useUploadDncList } from '../api/upload-dnc-list.ts';
import { useUploadDncScrubs } from '../api/upload-dnc-scrubs.ts';

const n = (v: number) => v.toLocaleString('en-US');
const SHOWN_ERRORS = 20;

/** The chosen file; `csv` is the name the API's refusals give it. */
const csvFile = z
  .custom<FileList | null>()
  .refine((v) => !!v && v.length > 0, 'Choose a CSV file')
  .transform((v) => v![0]!);
const listUploadSchema = z.object({ list: z.enum(Object.keys(DNC_LIST_NAMES) as [DncListName, ...DncListName[]]), csv: csvFile });
const scrubUploadSchema = z.object({ csv: csvFile });

function ListUpload() {
  const { data: counts } = useDncLists();
  const upload = useUploadDncList();
  const [result, setResult] = useState<(DncUploadResult & { filename: string }) | null>(null);

  return (
    <Form
      className="adm-dnc-form"
      aria-labelledby="dnc-list-title"
      schema={listUploadSchema}
      defaultValues={{ list: 'dnc', csv: null }}
      fallbackError="The list could not be uploaded"
      onSubmit={async ({ list, csv }, form) => {
        const r = await upload.mutateAsync({ list, file: csv });
        setResult({ ...r, filename: csv.name });
        form.reset({ list, csv: null });
      }}
    >
      {({ watch }) => (
        <>
          <h3 id="dnc-list-title">Upload a list</h3>
          <p className="muted small">
            Holding {counts ? `${n(counts.dnc)} do-not-call and ${n(counts.litigator)} litigator numbers` : '…'}. Every US phone number in the file is added;
            leads with one of them leave sale at once, also those in a buyer&apos;s checkout.
          </p>
          <div className="adm-dnc-fields">
            <Field id="dnc-list" name="list" label="List">
              <Select id="dnc-list" name="list">
                {(Object.keys(DNC_LIST_NAMES) as DncListName[]).map((k) => (
                  <option key={k} value={k}>
                    {DNC_LIST_NAMES[k]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id="dnc-file" name="csv" label="List CSV file">
              <Input id="dnc-file" name="csv" type="file" accept=".csv,text/csv,text/plain" />
            </Field>
          </div>
          <FormAlert />
          <button type="submit" className="btn" disabled={!watch('csv')?.length || upload.isPending}>
            {upload.isPending ? 'Uploading…' : 'Upload list'}
          </button>
          {result && (
            <p role="status" className="adm-dnc-result" data-testid="dnc-list-result">
              {result.filename} ({DNC_LIST_NAMES[result.list]}): {n(result.numbers)} numbers read, {n(result.added)} new on the list, {n(result.blockedLeads)}{' '}
              {result.blockedLeads === 1 ? 'lead' : 'leads'} taken off sale.
            </p>
          )}
        </>
      )}
    </Form>
  );
}

function ScrubUpload() {
  const upload = useUploadDncScrubs();
  const [result, setResult] = useState<(ScrubUploadResult & { filename: string }) | null>(null);

  return (
    <Form
      className="adm-dnc-form"
      aria-labelledby="dnc-scrub-title"
      schema={scrubUploadSchema}
      defaultValues={{ csv: null }}
      fallbackError="The scrub results could not be uploaded"
      onSubmit={async ({ csv }, form) => {
        const r = await upload.mutateAsync({ file: csv });
        setResult({ ...r, filename: csv.name });
        form.reset();
      }}
    >
      {({ watch }) => (
        <>
          <h3 id="dnc-scrub-title">Upload scrub results</h3>
          <p className="muted small">
            One row per number: <code>phone,result,scrubbed_at</code>, result <code>clear</code> or <code>listed</code>, the scrub date as YYYY-MM-DD. Each lead
            with the number keeps the result and its date; a listed one leaves sale. A lead scrubbed more than 31 days ago is checked against the lists again
            before it is sold.
          </p>
          <Field id="dnc-scrub-file" name="csv" label="Scrub results CSV file">
            <Input id="dnc-scrub-file" name="csv" type="file" accept=".csv,text/csv,text/plain" />
          </Field>
          <FormAlert />
          <button type="submit" className="btn" disabled={!watch('csv')?.length || upload.isPending}>
            {upload.isPending ? 'Uploading…' : 'Upload scrub results'}
          </button>
          {result && (
            <div role="status" className="adm-dnc-result" data-testid="dnc-scrub-result">
              <p>
                {result.filename}: {n(result.rows)} rows, {n(result.applied)} applied, {n(result.updatedLeads)} {result.updatedLeads === 1 ? 'lead' : 'leads'}{' '}
                updated, {n(result.blockedLeads)} taken off sale{result.errors.length ? `, ${n(result.errors.length)} refused` : ''}.
              </p>
              {result.errors.length > 0 && (
                <div className="adm-table-wrap">
                  <table className="adm-table">
                    <caption className="muted small">Refused rows (not applied)</caption>
                    <thead>
                      <tr>
                        <th scope="col">Line</th>
                        <th scope="col">Reason</th>
                      </tr>
                    </thead>
                    <tbody>
                      {result.errors.slice(0, SHOWN_ERRORS).map((e) => (
                        <tr key={`${e.line}-${e.field}`} data-testid="dnc-scrub-error">
                          <td>{e.line}</td>
                          <td>{e.message}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  {result.errors.length > SHOWN_ERRORS && <p className="muted small">and {n(result.errors.length - SHOWN_ERRORS)} more.</p>}
                </div>
              )}
            </div>
          )}
        </>
      )}
    </Form>
  );
}

export function DncLists() {
  return (
    <section className="card adm-dnc" aria-labelledby="dnc-title">
      <h2 id="dnc-title">Do-not-call lists</h2>
      <ListUpload />
      <ScrubUpload />
    </section>
  );
}
