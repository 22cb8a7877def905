// Bulk assignment by filter and count (issue 36 point 3): choose an agent, states and an age range (leads,
// in days since the form was filled) or call days (appointments), and a count; Preview says how many match,
// Assign gives that many to the agent as one batch (one audit entry, one e-mail), which Undo takes back.
// The recent batches are listed under the form with their own Undo.
import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '@tm/shared/api-client';
import type { AdminUser } from '@tm/shared/schemas/admin';
import { ASSIGN_BY_FILTER_MAX, type AssignByFilterResult, type AssignmentBatchView } from '@tm/shared/schemas/admin-console';
import { formatDateTime } from '@tm/shared/logic/format';
import { useToast } from '../../../components/toast.tsx';
import { useTimeZone } from '../../../lib/time-zone.ts';
import { useAssignAppointmentsByFilter, useAssignLeadsByFilter, useAssignmentBatches, useUndoBatch } from '../api/bulk-assign.ts';
import { AgentPicker } from './LeadPool.tsx';
import { Modal } from './ui.tsx';
import { applyServerRefusal, Form, FormAlert, Input, useFieldError, type FormMethods } from '../../../components/ui/form/index.ts';
import './admin-console.css';

type Kind = 'leads' | 'appointments';
const noun = (kind: Kind, n: number) => `${n.toLocaleString('en-US')} ${kind === 'leads' ? 'lead' : 'appointment'}${n === 1 ? '' : 's'}`;
const states = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
const intOrNull = (s: string) => (s.trim() === '' ? null : Number(s));

type Values = { agentId: string; states: string; ageFrom: string; ageTo: string; from: string; to: string; count: string };
const EMPTY: Values = { agentId: '', states: '', ageFrom: '', ageTo: '', from: '', to: '', count: '' };
const valuesSchema = z.object({
  agentId: z.string(),
  states: z.string(),
  ageFrom: z.string(),
  ageTo: z.string(),
  from: z.string(),
  to: z.string(),
  count: z.string(),
});

/** A field's message (the form's check or the server's), named `${p}-${name}-error`. */
function Err({ p, name }: { p: string; name: keyof Values }) {
  const error = useFieldError(name);
  return error ? (
    <p className="field-error" id={`${p}-${name}-error`}>
      {error}
    </p>
  ) : null;
}

/** Calls `onChange` whenever a field changes (a preview no longer holds). */
function OnEdit({ onChange }: { onChange: () => void }) {
  const { watch } = useFormContext();
  useEffect(() => {
    const sub = watch((_, { type }) => type === 'change' && onChange());
    return () => sub.unsubscribe();
  }, [watch, onChange]);
  return null;
}

export function BulkAssign({ kind }: { kind: Kind }) {
  const toast = useToast();
  const [agent, setAgent] = useState<AdminUser | null>(null);
  const [preview, setPreview] = useState<AssignByFilterResult | null>(null);
  const [done, setDone] = useState<AssignByFilterResult | null>(null);
  const leads = useAssignLeadsByFilter();
  const appts = useAssignAppointmentsByFilter();
  const pending = leads.isPending || appts.isPending;
  const p = `bulk-${kind}`;
  // The agent is picked above the form; the form's check says when none is (under the picker).
  const schema = valuesSchema.superRefine((_, ctx) => {
    if (!agent) ctx.addIssue({ code: 'custom', path: ['agentId'], message: 'Choose an agent' });
  });

  async function run(values: Values, form: FormMethods<Values>, dryRun: boolean) {
    if (!agent) return;
    const count = Number(values.count || '0');
    const base = { agentId: agent.id, states: states(values.states), count, dryRun };
    try {
      const res =
        kind === 'leads'
          ? await leads.mutateAsync({ ...base, ageFrom: intOrNull(values.ageFrom), ageTo: intOrNull(values.ageTo) })
          : await appts.mutateAsync({ ...base, from: values.from || null, to: values.to || null, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
      if (dryRun) {
        setPreview(res);
        setDone(null);
      } else {
        setDone(res);
        setPreview(null);
        toast({ title: `${noun(kind, res.assigned)} assigned`, description: `To ${agent.email} as batch #${res.batchId}. The agent was e-mailed once.` });
      }
    } catch (err) {
      applyServerRefusal(form, err, 'Something went wrong. Please try again.');
    }
  }

  const clearPreview = () => setPreview(null);
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
      <Form
        schema={schema}
        defaultValues={EMPTY}
        onSubmit={(values, form) => run(values, form, true)}
        className="adm-bulk"
        aria-label={`Assign ${kind} by filter`}
      >
        {(form) => {
          const willAssign = preview ? Math.min(preview.matched, Number(form.watch('count') || '0')) : 0;
          return (
            <>
              <OnEdit onChange={clearPreview} />
              <Err p={p} name="agentId" />
              <div className="adm-bulk-grid">
                <div className="field">
                  <label htmlFor={`${p}-states`}>States</label>
                  <Input name="states" id={`${p}-states`} placeholder="TX, FL (blank: all)" />
                  <Err p={p} name="states" />
                </div>
                {kind === 'leads' ? (
                  <>
                    <div className="field">
                      <label htmlFor={`${p}-ageFrom`}>Age from (days)</label>
                      <Input name="ageFrom" id={`${p}-ageFrom`} type="number" min={0} />
                      <Err p={p} name="ageFrom" />
                    </div>
                    <div className="field">
                      <label htmlFor={`${p}-ageTo`}>Age to (days)</label>
                      <Input name="ageTo" id={`${p}-ageTo`} type="number" min={0} />
                      <Err p={p} name="ageTo" />
                    </div>
                  </>
                ) : (
                  <>
                    <div className="field">
                      <label htmlFor={`${p}-from`}>Call day from</label>
                      <Input name="from" id={`${p}-from`} type="date" />
                      <Err p={p} name="from" />
                    </div>
                    <div className="field">
                      <label htmlFor={`${p}-to`}>Call day to</label>
                      <Input name="to" id={`${p}-to`} type="date" />
                      <Err p={p} name="to" />
                    </div>
                  </>
                )}
                <div className="field">
                  <label htmlFor={`${p}-count`}>How many</label>
                  <Input name="count" id={`${p}-count`} type="number" min={1} max={ASSIGN_BY_FILTER_MAX} />
                  <Err p={p} name="count" />
                </div>
              </div>
              <FormAlert />
              <div className="adm-actions">
                <button type="submit" className="btn btn-outline" disabled={pending}>
                  Preview
                </button>
                <button
                  type="button"
                  className="btn"
                  disabled={pending || !preview || willAssign === 0}
                  onClick={() => void form.handleSubmit((values) => run(values, form, false))()}
                >
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
            </>
          );
        }}
      </Form>
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
