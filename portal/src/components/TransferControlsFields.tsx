// The Transfer Controls fields, shared by the agent's own form (transfers' SettingsSection) and the admin's
// buyer controls (BuyerControlsPanel): calls per day, time zone, transfer hours, the delivery phone (the
// agent's form only), working states, and the pause with its resume date. Inside a <Form schema> over
// transferSettingsSchema (issue 39 point 1), TransferControlsForm, which both forms are; each form keeps its
// own labels, hints and ids (`idPrefix`).
import { useEffect, type ReactNode } from 'react';
import { get, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { ApiError } from '@tm/shared/api-client';
import { US_TIME_ZONES } from '@tm/shared/logic/transfer-rules';
import { transferSettingsSchema, type TransferSettingsInput, type TransferSettingsValues, type TransferSettingsView } from '@tm/shared/schemas/transfers';
import { useToast, type ToastInput } from './toast.tsx';
import { UsStateChecklist } from './UsStateChecklist.tsx';
import { Form, Input, Select, useFieldError } from './ui/form/index.ts';

/** The fields both forms hold, from the saved settings (the pause is each form's own). */
export function controlsDefaults(s: TransferSettingsView): Omit<TransferSettingsInput, 'paused' | 'resumeDate' | 'deliveryPhone'> {
  return {
    callsPerDay: s.callsPerDay,
    workingStates: s.workingStates,
    hoursStart: s.hoursStart ?? '',
    hoursEnd: s.hoursEnd ?? '',
    timeZone: s.timeZone,
  };
}

/** Starts the form again from `values` when the saved settings change (after a save, or a refetch). */
function ResetOnSaved({ values }: { values: TransferSettingsInput }) {
  const { reset } = useFormContext<TransferSettingsInput>();
  useEffect(() => reset(values), [values, reset]);
  return null;
}

/**
 * The form itself: `values` (started again from them when they change), `children`, then Undo changes and
 * Save. Saving toasts `savedToast`, or the server's refusal (the fields it names show under them).
 */
export function TransferControlsForm({
  values,
  save,
  savedToast,
  saveLabel,
  actionsClassName,
  buttonClassName,
  children,
  ...attrs
}: {
  values: TransferSettingsInput;
  save: { mutateAsync: (input: TransferSettingsValues) => Promise<unknown>; isPending: boolean };
  savedToast: ToastInput;
  saveLabel: string;
  /** The row of the two buttons. */
  actionsClassName: string;
  /** A class both buttons add, e.g. a smaller size. */
  buttonClassName?: string;
  className: string;
  children: ReactNode;
} & ({ 'aria-label': string } | { 'aria-labelledby': string })) {
  const toast = useToast();
  const button = (c: string) => (buttonClassName ? `${c} ${buttonClassName}` : c);
  return (
    <Form
      schema={transferSettingsSchema}
      defaultValues={values}
      onSubmit={async (input) => {
        try {
          await save.mutateAsync(input);
          toast(savedToast);
        } catch (err) {
          toast({
            title: 'Could not save',
            description: err instanceof ApiError ? err.serverMessage : 'Something went wrong. Please try again.',
            variant: 'destructive',
          });
          throw err; // the fields it names show under them
        }
      }}
      {...attrs}
    >
      {(form) => (
        <>
          <ResetOnSaved values={values} />
          {children}
          <div className={actionsClassName}>
            <button type="button" className={button('btn btn-outline')} onClick={() => form.reset(values)} disabled={!form.formState.isDirty}>
              Undo changes
            </button>
            <button type="submit" className={button('btn')} disabled={save.isPending}>
              {save.isPending ? 'Saving...' : saveLabel}
            </button>
          </div>
        </>
      )}
    </Form>
  );
}

/** The field's message while it has one, else its hint. */
function MessageOrHint({ name, hint, id }: { name: string; hint?: ReactNode; id?: string }) {
  const error = useFieldError(name);
  if (error) {
    return (
      <p className="field-error" id={id}>
        {error}
      </p>
    );
  }
  return hint ? <p className="muted small">{hint}</p> : null;
}

const blankToNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

export interface ControlsCopy {
  timeZone: string;
  capHint: ReactNode;
  hoursHint: string;
  statesHint: string;
  /** The delivery phone's hint; absent: the form has no delivery phone. */
  phoneHint?: string;
  /** A class around the working states (the agent's page frames them). */
  statesClassName?: string;
}

export function TransferControlsFields({ idPrefix: p, settings, copy }: { idPrefix: string; settings: TransferSettingsView; copy: ControlsCopy }) {
  const zones = US_TIME_ZONES.some((z) => z.id === settings.timeZone) ? US_TIME_ZONES : [{ id: settings.timeZone, label: settings.timeZone }, ...US_TIME_ZONES];
  const { register } = useFormContext<TransferSettingsInput>();
  // A bad code in the list is an error on one element (workingStates.2), with no message of the list's own.
  const { errors } = useFormState<TransferSettingsInput>({ name: 'workingStates' });
  const listError = get(errors, 'workingStates') as { message?: string } | undefined;
  const statesError = listError ? (listError.message ?? 'Check the working states') : undefined;
  const states = (
    <UsStateChecklist
      id={`${p}-workingStates`}
      legend="Working states"
      hint={copy.statesHint}
      invalid={statesError !== undefined}
      describedBy={statesError !== undefined ? `${p}-workingStates-error` : undefined}
      registration={register('workingStates')}
    >
      {statesError !== undefined && (
        <p className="field-error" id={`${p}-workingStates-error`}>
          {statesError}
        </p>
      )}
    </UsStateChecklist>
  );
  return (
    <>
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${p}-cap`}>Calls per day</label>
          <Input name="callsPerDay" id={`${p}-cap`} type="number" min={1} placeholder="No limit" options={{ setValueAs: blankToNull }} />
          <MessageOrHint name="callsPerDay" hint={copy.capHint} />
        </div>
        <div className="field">
          <label htmlFor={`${p}-tz`}>{copy.timeZone}</label>
          <Select name="timeZone" id={`${p}-tz`}>
            {zones.map((z) => (
              <option key={z.id} value={z.id}>
                {z.label} ({z.id})
              </option>
            ))}
          </Select>
          <MessageOrHint name="timeZone" />
        </div>
        <div className="field">
          <label htmlFor={`${p}-start`}>Transfer hours from</label>
          <Input name="hoursStart" id={`${p}-start`} type="time" />
          <MessageOrHint name="hoursStart" />
        </div>
        <div className="field">
          <label htmlFor={`${p}-end`}>Transfer hours until</label>
          <Input name="hoursEnd" id={`${p}-end`} type="time" />
          <MessageOrHint name="hoursEnd" hint={copy.hoursHint} />
        </div>
        {copy.phoneHint !== undefined && (
          <div className="field">
            <label htmlFor={`${p}-phone`}>Delivery phone</label>
            <Input name="deliveryPhone" id={`${p}-phone`} type="tel" autoComplete="tel" />
            <MessageOrHint name="deliveryPhone" hint={copy.phoneHint} />
          </div>
        )}
      </div>
      {copy.statesClassName ? <div className={copy.statesClassName}>{states}</div> : states}
    </>
  );
}

/** The pause box (unticked, it clears the resume date) and, while ticked, the date deliveries resume. */
export function PauseFields({
  idPrefix: p,
  label,
  labelClassName,
  resumeClassName = 'field',
  resumeHint,
}: {
  idPrefix: string;
  label: string;
  labelClassName: string;
  resumeClassName?: string;
  resumeHint: string;
}) {
  const { register, setValue } = useFormContext<TransferSettingsInput>();
  const paused = useWatch<TransferSettingsInput, 'paused'>({ name: 'paused' });
  return (
    <>
      <label className={labelClassName}>
        <input
          type="checkbox"
          {...register('paused', {
            onChange: (e: { target: { checked: boolean } }) => {
              if (!e.target.checked) setValue('resumeDate', '');
            },
          })}
        />{' '}
        {label}
      </label>
      {paused && (
        <div className={resumeClassName}>
          <label htmlFor={`${p}-resume`}>Resume on (optional)</label>
          <Input name="resumeDate" id={`${p}-resume`} type="date" />
          <MessageOrHint name="resumeDate" hint={resumeHint} />
        </div>
      )}
    </>
  );
}
