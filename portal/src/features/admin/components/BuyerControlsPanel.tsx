// Buyer controls on the admin's user page (issue 36 point 1): pause and resume the buyer's deliveries
// (transfers and assignments; only an admin lifts this pause) and edit the same Transfer Controls the agent
// sees. Saving e-mails the agent what changed and writes the audit log.
import { useMemo } from 'react';
import type { TransferSettingsInput, TransferSettingsView } from '@tm/shared/schemas/transfers';
import { controlsDefaults, PauseFields, TransferControlsFields, TransferControlsForm } from '../../../components/TransferControlsFields.tsx';
import { useSaveTransferControls, useTransferControls } from '../api/transfer-controls.ts';
import './admin-console.css';

const PAUSE_LABEL: Record<string, string> = {
  admin: 'Paused by an admin',
  agent: 'Paused by the agent',
  no_balance: 'Paused: the transfer balance is empty',
};

/** The admin's form holds the admin's own pause, and no delivery phone (the agent's to set). */
function toForm(s: TransferSettingsView): TransferSettingsInput {
  return {
    ...controlsDefaults(s),
    paused: s.paused && s.pausedReason === 'admin',
    resumeDate: s.pausedReason === 'admin' ? (s.resumeDate ?? '') : '',
  };
}

const COPY = {
  timeZone: "Buyer's time zone",
  hoursHint: 'Both blank: any time.',
  statesHint: 'None ticked: every state.',
};

function ControlsForm({ userId, settings }: { userId: number; settings: TransferSettingsView }) {
  const save = useSaveTransferControls(userId);
  const values = useMemo(() => toForm(settings), [settings]);
  const status = settings.pausedNow ? (PAUSE_LABEL[settings.pausedReason ?? ''] ?? 'Paused') : 'Receiving deliveries';

  return (
    <TransferControlsForm
      values={values}
      save={save}
      savedToast={{ title: 'Buyer controls saved', description: 'The agent was e-mailed what changed.' }}
      saveLabel="Save buyer controls"
      actionsClassName="adm-ctl-actions"
      buttonClassName="adm-btn-sm"
      className="card adm-ctl"
      aria-labelledby="adm-ctl-title"
    >
      <div className="adm-ctl-head">
        <h3 id="adm-ctl-title">Buyer controls</h3>
        <span className={`adm-badge ${settings.pausedNow ? 'adm-badge-bad' : 'adm-badge-basic'}`} data-testid="buyer-delivery-status">
          {status}
        </span>
      </div>
      <fieldset className="adm-ctl-pause">
        <legend className="sr-only">Deliveries</legend>
        <PauseFields
          idPrefix="adm-ctl"
          label="Pause deliveries (transfers, and assigning leads and appointments)"
          labelClassName="adm-ctl-check"
          resumeHint="At midnight of this date, the buyer's time."
        />
        {settings.pausedNow && settings.pausedReason !== 'admin' && (
          <p className="muted small">Unticked and saved, this lifts the agent&apos;s own pause too.</p>
        )}
      </fieldset>
      <TransferControlsFields idPrefix="adm-ctl" settings={settings} copy={{ ...COPY, capHint: `Today: ${settings.callsToday}.` }} />
    </TransferControlsForm>
  );
}

export function BuyerControlsPanel({ userId }: { userId: number }) {
  const q = useTransferControls(userId);
  if (q.isPending) return <p className="muted">Loading buyer controls...</p>;
  if (q.isError || !q.data) {
    return (
      <p className="form-error" role="alert">
        Could not load the buyer controls.
      </p>
    );
  }
  return <ControlsForm userId={userId} settings={q.data} />;
}
