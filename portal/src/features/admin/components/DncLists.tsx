// Do-not-call: upload a DNC or litigator list (numbers in any column), or per-lead scrub results with
// their date; each upload's result stays on screen (numbers added, leads taken off sale, refused rows).
import { useState, type FormEvent } from 'react';
import { ApiError } from '@tm/shared/api-client';
import { DNC_LIST_NAMES, type DncListName, type DncUploadResult, type ScrubUploadResult } from '@tm/shared/schemas/consent';
import { useToast } from '../../../components/toast.tsx';
import { useDncLists } from '../api/get-dnc-lists.ts';
import { useUploadDncList } from '../api/upload-dnc-list.ts';
import { useUploadDncScrubs } from '../api/upload-dnc-scrubs.ts';

const n = (v: number) => v.toLocaleString('en-US');
const SHOWN_ERRORS = 20;

function ListUpload() {
  const toast = useToast();
  const { data: counts } = useDncLists();
  const upload = useUploadDncList();
  const [list, setList] = useState<DncListName>('dnc');
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [result, setResult] = useState<(DncUploadResult & { filename: string }) | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    try {
      const r = await upload.mutateAsync({ list, file });
      setResult({ ...r, filename: file.name });
      setFile(null);
      setFileKey((k) => k + 1);
    } catch (err) {
      toast({ title: 'Error', description: err instanceof ApiError ? err.serverMessage : 'The list could not be uploaded', variant: 'destructive' });
    }
  };

  return (
    <form className="adm-dnc-form" onSubmit={onSubmit} aria-labelledby="dnc-list-title">
      <h3 id="dnc-list-title">Upload a list</h3>
      <p className="muted small">
        Holding {counts ? `${n(counts.dnc)} do-not-call and ${n(counts.litigator)} litigator numbers` : '…'}. Every US phone number in the file is added; leads
        with one of them leave sale at once, also those in a buyer&apos;s checkout.
      </p>
      <div className="adm-dnc-fields">
        <div className="field">
          <label htmlFor="dnc-list">List</label>
          <select id="dnc-list" value={list} onChange={(e) => setList(e.target.value as DncListName)}>
            {(Object.keys(DNC_LIST_NAMES) as DncListName[]).map((k) => (
              <option key={k} value={k}>
                {DNC_LIST_NAMES[k]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="dnc-file">List CSV file</label>
          <input key={fileKey} id="dnc-file" type="file" accept=".csv,text/csv,text/plain" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </div>
      </div>
      <button type="submit" className="btn" disabled={!file || upload.isPending}>
        {upload.isPending ? 'Uploading…' : 'Upload list'}
      </button>
      {result && (
        <p role="status" className="adm-dnc-result" data-testid="dnc-list-result">
          {result.filename} ({DNC_LIST_NAMES[result.list]}): {n(result.numbers)} numbers read, {n(result.added)} new on the list, {n(result.blockedLeads)}{' '}
          {result.blockedLeads === 1 ? 'lead' : 'leads'} taken off sale.
        </p>
      )}
    </form>
  );
}

function ScrubUpload() {
  const toast = useToast();
  const upload = useUploadDncScrubs();
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [result, setResult] = useState<(ScrubUploadResult & { filename: string }) | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    try {
      const r = await upload.mutateAsync({ file });
      setResult({ ...r, filename: file.name });
      setFile(null);
      setFileKey((k) => k + 1);
    } catch (err) {
      toast({ title: 'Error', description: err instanceof ApiError ? err.serverMessage : 'The scrub results could not be uploaded', variant: 'destructive' });
    }
  };

  return (
    <form className="adm-dnc-form" onSubmit={onSubmit} aria-labelledby="dnc-scrub-title">
      <h3 id="dnc-scrub-title">Upload scrub results</h3>
      <p className="muted small">
        One row per number: <code>phone,result,scrubbed_at</code>, result <code>clear</code> or <code>listed</code>, the scrub date as YYYY-MM-DD. Each lead
        with the number keeps the result and its date; a listed one leaves sale. A lead scrubbed more than 31 days ago is checked against the lists again before
        it is sold.
      </p>
      <div className="field">
        <label htmlFor="dnc-scrub-file">Scrub results CSV file</label>
        <input key={fileKey} id="dnc-scrub-file" type="file" accept=".csv,text/csv,text/plain" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </div>
      <button type="submit" className="btn" disabled={!file || upload.isPending}>
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
    </form>
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
