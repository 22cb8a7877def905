// Dispute a billable call: a reason from the list (Other needs the agent's own words). The recording
// and transcript go with the dispute automatically.
import { useEffect, useId, useRef } from 'react';
import { ApiError } from '@tm/shared/api-client';
import { DISPUTE_REASONS, disputeSchema, type DisputeInput, type TransferCallView } from '@tm/shared/schemas/transfers';
import { useToast } from '../../../components/toast.tsx';
import { FieldError, Form, Textarea } from '../../../components/ui/form/index.ts';
import { useFileDispute } from '../api/file-dispute.ts';
import { formatDateTime as formatInZone } from '@tm/shared/logic/format';
import { callLabel } from '@tm/shared/logic/call-label';

/** No reason chosen yet. */
const EMPTY = { reasonText: '' };

export function DisputeDialog({ call, timeZone, onClose }: { call: TransferCallView | null; timeZone: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const toast = useToast();
  const mutation = useFileDispute();

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (call && !d.open) d.showModal();
    if (!call && d.open) d.close();
  }, [call]);

  // A dialog opened for a call starts a new form (keyed by the call).
  const onSubmit = async (input: DisputeInput) => {
    if (!call) return;
    try {
      const d = await mutation.mutateAsync({ callId: call.id, input });
      // The evidence rules may decide it at once (decision 195); otherwise an admin reviews it.
      if (d?.decidedBy === 'rules' && d.status === 'approved') {
        toast({ title: 'Dispute approved', description: "The call's evidence settled it: the transfer is back in your balance." });
      } else if (d?.decidedBy === 'rules' && d.status === 'denied') {
        toast({ title: 'Dispute denied', description: 'The evidence rules denied it. You can ask once for a human review.' });
      } else {
        toast({ title: 'Dispute submitted', description: 'We will review the recording and transcript and let you know.' });
      }
      onClose();
    } catch (err) {
      toast({
        title: 'Dispute not submitted',
        description: err instanceof ApiError ? err.serverMessage : 'Something went wrong. Please try again.',
        variant: 'destructive',
      });
      throw err; // a refusal naming a field shows under it
    }
  };

  return (
    <dialog
      ref={ref}
      className="xfer-dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {call && (
        <Form key={call.id} schema={disputeSchema} defaultValues={EMPTY} onSubmit={onSubmit}>
          {(form) => (
            <>
              <h2 id={titleId}>Dispute this call</h2>
              <p className="muted small">
                {callLabel(call, timeZone)}. Open until {formatInZone(call.disputeDeadline, timeZone)}.
              </p>
              <fieldset className="xfer-fieldset">
                <legend>Reason</legend>
                {DISPUTE_REASONS.map((r) => (
                  <label key={r.code} className="xfer-radio">
                    <input type="radio" value={r.code} {...form.register('reasonCode')} /> {r.label}
                  </label>
                ))}
                <FieldError name="reasonCode" />
              </fieldset>
              <div className="field">
                <label htmlFor={`${titleId}-text`}>{form.watch('reasonCode') === 'other' ? 'Describe the problem' : 'Details (optional)'}</label>
                <Textarea name="reasonText" id={`${titleId}-text`} rows={3} maxLength={1000} />
                <FieldError name="reasonText" />
              </div>
              <p className="muted small">The call's recording and transcript are attached to your dispute automatically.</p>
              <div className="xfer-actions">
                <button type="button" className="btn btn-outline" onClick={onClose}>
                  Cancel
                </button>
                <button type="submit" className="btn" disabled={mutation.isPending}>
                  {mutation.isPending ? 'Submitting...' : 'Submit Dispute'}
                </button>
              </div>
            </>
          )}
        </Form>
      )}
    </dialog>
  );
}
