// Dispute a billable call: a reason from the list (Other needs the agent's own words). The recording
// and transcript go with the dispute automatically.
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@tm/shared/api-client';
import { DISPUTE_REASONS, disputeSchema, type DisputeInput, type TransferCallView } from '@tm/shared/schemas/transfers';
import { useToast } from '../../../components/toast.tsx';
import { useFileDispute } from '../api/file-dispute.ts';
import { formatDateTime as formatInZone } from '@tm/shared/logic/format';
import { callLabel } from '@tm/shared/logic/call-label';

export function DisputeDialog({ call, timeZone, onClose }: { call: TransferCallView | null; timeZone: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const toast = useToast();
  const mutation = useFileDispute();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<DisputeInput>({ resolver: zodResolver(disputeSchema), defaultValues: { reasonCode: undefined, reasonText: '' } });

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (call && !d.open) d.showModal();
    if (!call && d.open) d.close();
    if (call) reset({ reasonCode: undefined, reasonText: '' });
  }, [call, reset]);

  const onSubmit = handleSubmit(async (input) => {
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
    }
  });
  const isOther = watch('reasonCode') === 'other';

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
        <form onSubmit={onSubmit} noValidate>
          <h2 id={titleId}>Dispute this call</h2>
          <p className="muted small">
            {callLabel(call, timeZone)}. Open until {formatInZone(call.disputeDeadline, timeZone)}.
          </p>
          <fieldset className="xfer-fieldset">
            <legend>Reason</legend>
            {DISPUTE_REASONS.map((r) => (
              <label key={r.code} className="xfer-radio">
                <input type="radio" value={r.code} {...register('reasonCode')} /> {r.label}
              </label>
            ))}
            {errors.reasonCode && <p className="field-error">{errors.reasonCode.message}</p>}
          </fieldset>
          <div className="field">
            <label htmlFor={`${titleId}-text`}>{isOther ? 'Describe the problem' : 'Details (optional)'}</label>
            <textarea id={`${titleId}-text`} rows={3} maxLength={1000} {...register('reasonText')} aria-invalid={!!errors.reasonText} />
            {errors.reasonText && <p className="field-error">{errors.reasonText.message}</p>}
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
        </form>
      )}
    </dialog>
  );
}
