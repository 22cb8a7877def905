// Transfer controls: calls per day, working states, transfer hours on the agent's own clock, the phone
// transfers ring, and a pause with an optional resume date. The caller system is refused calls outside them.
import { useMemo } from 'react';
import type { TransferSettingsInput, TransferSettingsView } from '@tm/shared/schemas/transfers';
import { controlsDefaults, PauseFields, TransferControlsFields, TransferControlsForm } from '../../../components/TransferControlsFields.tsx';
import { useTransferSettings } from '../../../lib/get-settings.ts';
import { useUpdateSettings } from '../api/update-settings.ts';

function toForm(s: TransferSettingsView): TransferSettingsInput {
  return {
    ...controlsDefaults(s),
    paused: s.paused && s.pausedReason === 'agent',
    resumeDate: s.resumeDate ?? '',
    deliveryPhone: s.deliveryPhone ?? '',
  };
}

const COPY = {
  timeZone: 'Your time zone',
  hoursHint: 'Leave both blank to take calls at any time.',
  statesHint: 'Tick the states you take calls from. None ticked: every state.',
  phoneHint: 'The number your live transfers ring. Leave blank to use your account phone.',
  statesClassName: 'xfer-fieldset',
};

function SettingsForm({ settings }: { settings: TransferSettingsView }) {
  const mutation = useUpdateSettings();
  const values = useMemo(() => toForm(settings), [settings]);

  return (
    <TransferControlsForm
      values={values}
      save={mutation}
      savedToast={{ title: 'Transfer controls saved' }}
      saveLabel="Save Controls"
      actionsClassName="xfer-actions"
      className="card xfer-settings"
      aria-label="Transfer controls"
    >
      <TransferControlsFields
        idPrefix="xs"
        settings={settings}
        copy={{ ...COPY, capHint: `Leave blank for no limit. Every delivered call counts. Today: ${settings.callsToday}.` }}
      />

      <fieldset className="xfer-fieldset">
        <legend>Pause</legend>
        <PauseFields
          idPrefix="xs"
          label="Pause transfers"
          labelClassName="xfer-check"
          resumeClassName="field xfer-resume"
          resumeHint="Transfers start again at midnight of this date, your time."
        />
        {settings.pausedReason === 'admin' && settings.pausedNow && (
          <p className="muted small">Deliveries are paused by TransferLine. Contact support to resume them.</p>
        )}
        {settings.pausedReason === 'no_balance' && settings.pausedNow && (
          <p className="muted small">Transfers are also paused because your balance is empty.</p>
        )}
      </fieldset>
    </TransferControlsForm>
  );
}

export function SettingsSection() {
  const { data, isPending, isError } = useTransferSettings();
  return (
    <section className="xfer-section" aria-labelledby="xfer-settings-h">
      <div className="xfer-section-head">
        <h2 id="xfer-settings-h">Transfer controls</h2>
      </div>
      {isPending && <p className="muted">Loading...</p>}
      {isError && (
        <p className="form-error" role="alert">
          Could not load your controls.
        </p>
      )}
      {data && <SettingsForm settings={data} />}
    </section>
  );
}
