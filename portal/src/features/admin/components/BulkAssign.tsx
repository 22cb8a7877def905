// Bulk assignment by filter and count (issue 36 point 3): choose an agent, states and an age range (leads,
// in days since the form was filled) or call days (appointments), and a count; Preview says how many match,
// Assign gives that many to the agent as one batch (one audit entry, one e-mail), which Undo takes back.
// The recent batches are listed under the form with their own Undo.
import { useState, type FormEvent } from 'react';
import { ApiError } from '@tm/shared/api-client';
import type { AdminUser } from '@tm/shared/schemas/admin';
import { ASSIGN_BY_FILTER_MAX, type AssignByFilterResult, type AssignmentBatchView } from '@tm/shared/schemas/admin-console';
import { formatDateTime } from '@tm/shared/logic/format';
import { useToast } from '../../../components/toast.tsx';
import { useTimeZone } from '../../../lib/time-zone.ts';
import { useAssignAppointmentsByFilter, useAssignLeadsByFilter, useAssignmentBatches, useUndoBatch } from '../api/bulk-assign.ts';
import { AgentPicker } from './LeadPool.tsx';
import { Modal } from './ui.tsx';
import './admin-console.css';

type Kind = 'leads' | 'appointments';
const noun = (kind: Kind, n: number) => `${n.toLocaleString('en-US')} ${kind === 'leads' ? 'lead' : 'appointment'}${n === 1 ? '' : 's'}`;
const states = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
const intOrNull = (s: string) => (s.trim() === '' ? null : Number(s));

export function BulkAssign({ kind }: { kind: Kind }) {
  const toast = useToast();
  const [agent, setAgent] = useState<AdminUser | null>(null);
  const [form, setForm] = useState({ states: '', ageFrom: '', ageTo: '', from: '', to: '', count: '' });
  const [preview, setPreview] = useState<AssignByFilterResult | null>(null);
  const [done, setDone] = useState<AssignByFilterResult | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const leads = useAssignLeadsByFilter();
  const appts = useAssignAppointmentsByFilter();
  const pending = leads.isPending || appts.isPending;
  const p = `bulk-${kind}`;

  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => {
    setForm({ ...form, [k]: e.target.value });
    setPreview(null);
  };

  async function run(dryRun: boolean) {
    if (!agent) return setErrors({ agentId: 'Choose an agent' });
    const count = Number(form.count || '0');
    const base = { agentId: agent.id, states: states(form.states), count, dryRun };
    try {
      const res =
        kind === 'leads'
          ? await leads.mutateAsync({ ...base, ageFrom: intOrNull(form.ageFrom), ageTo: intOrNull(form.ageTo) })
          : await appts.mutateAsync({ ...base, from: form.from || null, to: form.to || null, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
      setErrors({});
      if (dryRun) {
        setPreview(res);
        setDone(null);
      } else {
        setDone(res);
        setPreview(null);
        toast({ title: `${noun(kind, res.assigned)} assigned`, description: `To ${agent.email} as batch #${res.batchId}. The agent was e-mailed once.` });
      }
    } catch (err) {
      setErrors(err instanceof ApiError ? { ...(err.fields ?? {}), form: err.serverMessage } : { form: 'Something went wrong. Please try again.' });
    }
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void run(true);
  };
  const err = (name: string) =>
    errors[name] ? (
      <p className="field-error" id={`${p}-${name}-error`}>
        {errors[name]}
      </p>
    ) : null;
  const willAssign = preview ? Math.min(preview.matched, Number(form.count || '0')) : 0;

  return (
    <section className="card adm-bulk" aria-labelledby={`${p}-title`} data-testid={p}>
      <div>
        <h3 id={`${p}-title`}>Assign by filter</h3>
        <p className="muted small">
          {kind === 'leads'
            ? 'Give an agent a number of unassigned leads by state and age (days since the form was filled), oldest in the pool first.'
            : 'Give an agent a number of appointments for sale by state and call day (your time zone), oldest call first.'}
        </p>
      </div>
      <AgentPicker
        agent={agent}
        onPick={(a) => (setAgent(a), setPreview(null))}
        id={`${p}-agent`}
        placeholder={`Search the agent to give these ${kind} to...`}
      />
      {err('agentId')}
      <form className="adm-bulk" onSubmit={onSubmit} noValidate aria-label={`Assign ${kind} by filter`}>
        <div className="adm-bulk-grid">
          <div className="field">
            <label htmlFor={`${p}-states`}>States</label>
            <input id={`${p}-states`} placeholder="TX, FL (blank: all)" value={form.states} onChange={set('states')} aria-invalid={!!errors.states} />
            {err('states')}
          </div>
          {kind === 'leads' ? (
            <>
              <div className="field">
                <label htmlFor={`${p}-ageFrom`}>Age from (days)</label>
                <input id={`${p}-ageFrom`} type="number" min={0} value={form.ageFrom} onChange={set('ageFrom')} aria-invalid={!!errors.ageFrom} />
                {err('ageFrom')}
              </div>
              <div className="field">
                <label htmlFor={`${p}-ageTo`}>Age to (days)</label>
                <input id={`${p}-ageTo`} type="number" min={0} value={form.ageTo} onChange={set('ageTo')} aria-invalid={!!errors.ageTo} />
                {err('ageTo')}
              </div>
            </>
          ) : (
            <>
              <div className="field">
                <label htmlFor={`${p}-from`}>Call day from</label>
                <input id={`${p}-from`} type="date" value={form.from} onChange={set('from')} aria-invalid={!!errors.from} />
                {err('from')}
              </div>
              <div className="field">
                <label htmlFor={`${p}-to`}>Call day to</label>
                <input id={`${p}-to`} type="date" value={form.to} onChange={set('to')} aria-invalid={!!errors.to} />
                {err('to')}
              </div>
            </>
          )}
          <div className="field">
            <label htmlFor={`${p}-count`}>How many</label>
            <input
              id={`${p}-count`}
              type="number"
              min={1}
              max={ASSIGN_BY_FILTER_MAX}
              value={form.count}
              onChange={set('count')}
              aria-invalid={!!errors.count}
            />
            {err('count')}
          </div>
        </div>
        {errors.form && (
          <p className="form-error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="adm-actions">
          <button type="submit" className="btn btn-outline" disabled={pending}>
            Preview
          </button>
          <button type="button" className="btn" disabled={pending || !preview || willAssign === 0} onClick={() => void run(false)}>
            {preview ? `Assign ${noun(kind, willAssign)}` : 'Assign'}
          </button>
        </div>
        {preview && (
          <p className="adm-bulk-result" role="status" data-testid={`${p}-preview`}>
            {noun(kind, preview.matched)} match.{' '}
            {willAssign > 0 ? `Assign will give ${noun(kind, willAssign)} to ${agent?.email ?? 'the agent'}.` : 'Nothing to assign.'}
          </p>
        )}
        {done && (
          <p className="adm-bulk-result" role="status" data-testid={`${p}-done`}>
            Assigned {noun(kind, done.assigned)} as batch #{done.batchId}. Undo it below.
          </p>
        )}
      </form>
      <RecentBatches kind={kind} />
    </section>
  );
}

function RecentBatches({ kind }: { kind: Kind }) {
  const tz = useTimeZone();
  const toast = useToast();
  const { data } = useAssignmentBatches(1);
  const undo = useUndoBatch();
  const [confirming, setConfirming] = useState<AssignmentBatchView | null>(null);
  const mine = data?.items.filter((b) => b.kind === kind) ?? [];
  if (!mine.length) return null;
  const doUndo = async () => {
    if (!confirming) return;
    try {
      const { batch } = await undo.mutateAsync(confirming.id);
      toast({ title: `Batch #${batch.id} undone`, description: `${noun(kind, batch.undoneCount ?? 0)} taken back from ${batch.agent.email ?? 'the agent'}.` });
    } catch (err) {
      toast({ title: 'Could not undo', description: err instanceof ApiError ? err.serverMessage : 'Something went wrong.', variant: 'destructive' });
    }
    setConfirming(null);
  };
  return (
    <div className="adm-batches" aria-label="Recent batches">
      <h4>Recent batches</h4>
      {mine.map((b) => (
        <div key={b.id} className="adm-batch" data-testid="assignment-batch">
          <span>
            #{b.id}: {noun(kind, b.assigned)} to <strong>{b.agent.email ?? 'a removed user'}</strong>{' '}
            <span className="muted small">{formatDateTime(b.createdAt, tz)}</span>
          </span>
          {b.undoneAt ? (
            <span className="muted small">Undone ({noun(kind, b.undoneCount ?? 0)} taken back)</span>
          ) : (
            <button type="button" className="btn btn-outline adm-btn-sm" onClick={() => setConfirming(b)}>
              Undo
            </button>
          )}
        </div>
      ))}
      <Modal open={confirming !== null} title="Undo this batch?" onClose={() => setConfirming(null)}>
        <p>
          Take back the {noun(kind, confirming?.assigned ?? 0)} of batch #{confirming?.id} from {confirming?.agent.email}?{' '}
          {kind === 'leads' ? 'They leave the agent’s My Leads and wait in the pool again.' : 'They go back on sale.'} Any moved on since stay where they are.
        </p>
        <div className="adm-actions">
          <button type="button" className="btn btn-outline" onClick={() => setConfirming(null)}>
            Cancel
          </button>
          <button type="button" className="btn btn-danger" disabled={undo.isPending} onClick={() => void doUndo()}>
            Undo batch
          </button>
        </div>
      </Modal>
    </div>
  );
}
