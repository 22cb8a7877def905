// Lead CSV import: choose the file and its purpose, upload (with progress), map columns to fields
// (automatic matches preselected), check or import (streamed progress), then the refused rows.
import { useState } from 'react';
import { ApiError } from '@tm/shared/api-client';
import {
  LEAD_FIELDS,
  LEAD_FIELDS_BY_TARGET,
  type ColumnMapping,
  type LeadField,
  type LeadImportSummary,
  type LeadImportTarget,
  type LeadKind,
  type UploadedImport,
} from '@tm/shared/schemas/admin';
import { useToast } from '../../../components/toast.tsx';
import { useUploadLeadFile } from '../api/upload-lead-file.ts';
import { useRunLeadImport } from '../api/run-lead-import.ts';
import { IMPORT_ERRORS_PAGE_SIZE, useImportErrors } from '../api/get-import-errors.ts';
import { refusedRowsUrl } from '../api/lead-tools.ts';
import { Pagination, ProgressBar } from './ui.tsx';

type Step =
  | { name: 'choose' }
  | { name: 'uploading'; fraction: number }
  | { name: 'mapping'; upload: UploadedImport }
  | { name: 'running'; upload: UploadedImport; dryRun: boolean; fraction: number; rows: number; rejected: number; committing?: number }
  | { name: 'result'; upload: UploadedImport; summary: LeadImportSummary; dryRun: boolean }
  | { name: 'failed'; message: string };

const REQUIRED_HINT: Partial<Record<LeadField, string>> = { phone: 'required', name: 'or First + Last name' };

function mappingProblem(mapping: ColumnMapping, target: LeadImportTarget): string | null {
  const has = (f: LeadField) => mapping[f] !== undefined && mapping[f] !== null;
  if (!has('phone')) return 'Map a column to Phone';
  if (!has('name') && !has('firstName') && !has('lastName')) return 'Map a column to Full name, or to First name and Last name';
  if (target === 'sale' && !has('state')) return 'Map a column to State (leads for sale need one)';
  if (target === 'sale' && !has('zipCode')) return 'Map a column to ZIP code (leads for sale need one)';
  return null;
}

function ImportErrors({ importId }: { importId: number }) {
  const [page, setPage] = useState(1);
  const { data, isPending } = useImportErrors(importId, page);
  if (isPending) return <p className="muted">Loading refused rows...</p>;
  if (!data || data.total === 0) return null;
  return (
    <div className="adm-import-errors">
      <h4>Refused rows (not imported)</h4>
      <p className="small">
        <a className="btn btn-outline adm-btn-sm" href={refusedRowsUrl(importId)} download>
          Download Refused Rows (CSV)
        </a>{' '}
        <span className="muted">The file’s own columns with the reason first: fix the rows and upload the file again.</span>
      </p>
      <table className="adm-table">
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Reason</th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((e) => (
            <tr key={e.row} data-testid="import-error-row">
              <td>{e.row}</td>
              <td>{e.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pagination page={page} total={data.total} pageSize={IMPORT_ERRORS_PAGE_SIZE} onPage={setPage} label="Refused rows pages" totalNoun="total" />
    </div>
  );
}

export function LeadImport() {
  const toast = useToast();
  const [target, setTarget] = useState<LeadImportTarget>('assignment');
  const [kind, setKind] = useState<LeadKind>('aged');
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const upload = useUploadLeadFile();
  const runImport = useRunLeadImport();

  const restart = () => {
    setStep({ name: 'choose' });
    setFile(null);
    setMapping({});
    setFileKey((k) => k + 1);
  };

  const onUpload = async () => {
    if (!file) return;
    setStep({ name: 'uploading', fraction: 0 });
    try {
      const up = await upload.mutateAsync({ file, target, kind, onProgress: (fraction) => setStep({ name: 'uploading', fraction }) });
      setMapping(up.suggestedMapping);
      setStep({ name: 'mapping', upload: up });
    } catch (err) {
      const message = err instanceof ApiError ? err.serverMessage : 'Failed to upload the file';
      setStep({ name: 'choose' });
      toast({ title: 'Error', description: message, variant: 'destructive' });
    }
  };

  const onRun = async (up: UploadedImport, dryRun: boolean) => {
    setStep({ name: 'running', upload: up, dryRun, fraction: 0, rows: 0, rejected: 0 });
    try {
      const done = await runImport.mutateAsync({
        importId: up.import.id,
        mapping,
        dryRun,
        onEvent: (e) => {
          if (e.type === 'progress')
            setStep({
              name: 'running',
              upload: up,
              dryRun,
              fraction: e.totalBytes ? e.bytesProcessed / e.totalBytes : 0,
              rows: e.rowsProcessed,
              rejected: e.rejectedRows,
            });
          if (e.type === 'committing')
            setStep({
              name: 'running',
              upload: up,
              dryRun,
              fraction: 1,
              rows: e.rowsProcessed,
              rejected: e.rowsProcessed - e.goodRows,
              committing: e.goodRows,
            });
        },
      });
      setStep({ name: 'result', upload: up, summary: done.import, dryRun });
      if (!dryRun)
        toast({
          title: 'Leads Imported',
          description: `${done.import.importedRows.toLocaleString('en-US')} imported, ${done.import.rejectedRows.toLocaleString('en-US')} refused.`,
        });
    } catch (err) {
      const message = err instanceof ApiError ? err.serverMessage : 'The import failed. Nothing was imported.';
      if (err instanceof ApiError && err.status === 400) {
        setStep({ name: 'mapping', upload: up });
        toast({ title: 'Error', description: message, variant: 'destructive' });
      } else {
        setStep({ name: 'failed', message });
        toast({ title: 'Error', description: message, variant: 'destructive' });
      }
    }
  };

  return (
    <section className="card adm-import" aria-labelledby="import-title">
      <h2 id="import-title">Upload Leads</h2>
      <p className="muted small">
        A CSV file with a header row. Phone numbers are normalised to 10 digits; duplicate phones (in the file or already stored) and rows with errors are
        refused and listed, the rest are imported together.
      </p>

      {step.name === 'choose' && (
        <div className="adm-import-choose">
          <fieldset className="adm-fieldset">
            <legend>These leads are</legend>
            <label className="adm-radio">
              <input type="radio" name="target" value="assignment" checked={target === 'assignment'} onChange={() => setTarget('assignment')} /> For assignment
              to agents
            </label>
            <label className="adm-radio">
              <input type="radio" name="target" value="sale" checked={target === 'sale'} onChange={() => setTarget('sale')} /> For sale in the marketplace
            </label>
          </fieldset>
          {target === 'sale' && (
            <div className="field">
              <label htmlFor="import-kind">Lead type</label>
              <select id="import-kind" value={kind} onChange={(e) => setKind(e.target.value as LeadKind)}>
                <option value="aged">Aged leads</option>
                <option value="fresh">Fresh leads</option>
              </select>
              <p className="muted small adm-hint">A Price column is in dollars; rows without a price use the standard lead price.</p>
            </div>
          )}
          <div className="field">
            <label htmlFor="import-file">CSV file</label>
            <input key={fileKey} id="import-file" type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </div>
          <button type="button" className="btn" disabled={!file} onClick={onUpload}>
            Upload
          </button>
        </div>
      )}

      {step.name === 'uploading' && <ProgressBar value={step.fraction} label="Uploading file" />}

      {step.name === 'mapping' && (
        <div className="adm-mapping">
          <p>
            <strong>{step.upload.import.filename}</strong> · {step.upload.import.target === 'sale' ? `for sale (${step.upload.import.kind})` : 'for assignment'}{' '}
            · {step.upload.headers.length} columns
          </p>
          <h3>Match columns to fields</h3>
          <div className="adm-table-wrap">
            <table className="adm-table">
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">CSV column</th>
                  <th scope="col">First row</th>
                </tr>
              </thead>
              <tbody>
                {LEAD_FIELDS_BY_TARGET[step.upload.import.target].map((field) => {
                  const idx = mapping[field];
                  return (
                    <tr key={field}>
                      <td>
                        <label htmlFor={`map-${field}`}>{LEAD_FIELDS[field]}</label>
                        {(REQUIRED_HINT[field] || (step.upload.import.target === 'sale' && (field === 'state' || field === 'zipCode'))) && (
                          <span className="muted small"> ({REQUIRED_HINT[field] ?? 'required'})</span>
                        )}
                      </td>
                      <td>
                        <select
                          id={`map-${field}`}
                          value={idx === undefined || idx === null ? '' : String(idx)}
                          onChange={(e) => setMapping((m) => ({ ...m, [field]: e.target.value === '' ? null : Number(e.target.value) }))}
                        >
                          <option value="">— Not mapped —</option>
                          {step.upload.headers.map((h, i) => (
                            <option key={i} value={i}>
                              {h || `Column ${i + 1}`}
                            </option>
                          ))}
                        </select>
                      </td>
                      <td className="muted small">{idx === undefined || idx === null ? '' : (step.upload.sample[0]?.[idx] ?? '')}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {mappingProblem(mapping, step.upload.import.target) && <p className="field-error">{mappingProblem(mapping, step.upload.import.target)}</p>}
          <div className="adm-actions">
            <button type="button" className="btn btn-outline" onClick={restart}>
              Cancel
            </button>
            <button
              type="button"
              className="btn btn-outline"
              disabled={!!mappingProblem(mapping, step.upload.import.target)}
              onClick={() => onRun(step.upload, true)}
            >
              Check File
            </button>
            <button type="button" className="btn" disabled={!!mappingProblem(mapping, step.upload.import.target)} onClick={() => onRun(step.upload, false)}>
              Import Leads
            </button>
          </div>
        </div>
      )}

      {step.name === 'running' && (
        <div>
          <ProgressBar
            value={step.fraction}
            label={
              step.committing !== undefined ? `Saving ${step.committing.toLocaleString('en-US')} leads...` : step.dryRun ? 'Checking rows' : 'Importing rows'
            }
          />
          <p className="muted small" aria-live="polite">
            {step.rows.toLocaleString('en-US')} rows read, {step.rejected.toLocaleString('en-US')} refused so far
          </p>
        </div>
      )}

      {step.name === 'result' && (
        <div className="adm-import-result" data-testid="import-result">
          {step.dryRun ? (
            <p>
              <strong>{(step.summary.totalRows - step.summary.rejectedRows).toLocaleString('en-US')}</strong> of{' '}
              {step.summary.totalRows.toLocaleString('en-US')} rows can be imported; <strong>{step.summary.rejectedRows.toLocaleString('en-US')}</strong> would
              be refused. Nothing has been imported yet.
            </p>
          ) : (
            <p>
              Imported <strong>{step.summary.importedRows.toLocaleString('en-US')}</strong> of {step.summary.totalRows.toLocaleString('en-US')} rows;{' '}
              <strong>{step.summary.rejectedRows.toLocaleString('en-US')}</strong> refused.
            </p>
          )}
          <div className="adm-actions">
            {step.dryRun && (
              <button type="button" className="btn btn-outline" onClick={() => setStep({ name: 'mapping', upload: step.upload })}>
                Change Mapping
              </button>
            )}
            {step.dryRun && (
              <button type="button" className="btn" onClick={() => onRun(step.upload, false)}>
                Import Leads
              </button>
            )}
            <button type="button" className={step.dryRun ? 'btn btn-outline' : 'btn'} onClick={restart}>
              Upload Another File
            </button>
          </div>
          <ImportErrors importId={step.summary.id} />
        </div>
      )}

      {step.name === 'failed' && (
        <div>
          <p className="form-error" role="alert">
            {step.message}
          </p>
          <button type="button" className="btn" onClick={restart}>
            Upload Another File
          </button>
        </div>
      )}
    </section>
  );
}
