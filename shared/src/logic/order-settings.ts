// A re-order's Transfer Controls (issue 34 item 3, decision 217): the order form starts from the agent's
// current controls, and before payment the agent sees what the paid order will change. The same reading of
// the form's text as the server's (parseTransferHours, statesNamedIn), so the summary says what will happen.
import { parseTransferHours } from './transfer-hours.ts';
import { statesNamedIn } from '../us-states.ts';

/** The controls an order can change (a TransferSettingsView carries them). */
export interface OrderableControls {
  callsPerDay: number | null;
  workingStates: string[];
  hoursStart: string | null;
  hoursEnd: string | null;
  timeZone: string;
  /** The phone transfers ring (decision 245); only the onboarding survey changes it. */
  deliveryPhone?: string | null;
}

/** What the order form sends for the controls. */
export interface OrderSettingsValues {
  callsPerDay: number;
  transferHours: string;
  workingStates: string[] | string;
  /** The onboarding survey's delivery phone (absent: unchanged). */
  deliveryPhone?: string | null;
}

/** The short zone names transfer-hours text is read with (parseTransferHours's ZONES). */
const ZONE_WORD: Record<string, string> = {
  'America/New_York': 'ET',
  'America/Chicago': 'CT',
  'America/Denver': 'MT',
  'America/Los_Angeles': 'PT',
  'America/Anchorage': 'AKT',
  'Pacific/Honolulu': 'HST',
};

/** "09:00-17:00 CT": the controls' hours as the form's text (no zone word for a zone it cannot name). */
export function controlsHoursText(c: Pick<OrderableControls, 'hoursStart' | 'hoursEnd' | 'timeZone'>): string {
  if (!c.hoursStart || !c.hoursEnd) return '';
  const word = ZONE_WORD[c.timeZone];
  return `${c.hoursStart}-${c.hoursEnd}${word ? ` ${word}` : ''}`;
}

export interface SettingsChange {
  label: 'Working states' | 'Transfer hours' | 'Time zone' | 'Calls per day' | 'Delivery phone';
  from: string;
  to: string;
}

const statesText = (s: string[]) => (s.length ? [...s].sort().join(', ') : 'Every state');

/**
 * What paying the order will change in the controls, as the server applies it (applyOrderPreferences):
 * states the text names (none: unchanged), hours it reads (and the zone it names), the daily cap.
 */
export function orderSettingsChanges(current: OrderableControls, values: OrderSettingsValues): SettingsChange[] {
  const changes: SettingsChange[] = [];
  const states = Array.isArray(values.workingStates) ? values.workingStates : statesNamedIn(values.workingStates);
  if (states.length && statesText(states) !== statesText(current.workingStates))
    changes.push({ label: 'Working states', from: statesText(current.workingStates), to: statesText(states) });
  const hours = parseTransferHours(values.transferHours);
  if (hours && (hours.start !== current.hoursStart || hours.end !== current.hoursEnd)) {
    const from = current.hoursStart && current.hoursEnd ? `${current.hoursStart}-${current.hoursEnd}` : 'Any time';
    changes.push({ label: 'Transfer hours', from, to: `${hours.start}-${hours.end}` });
  }
  if (hours?.timeZone && hours.timeZone !== current.timeZone) changes.push({ label: 'Time zone', from: current.timeZone, to: hours.timeZone });
  if (Number.isInteger(values.callsPerDay) && values.callsPerDay > 0 && values.callsPerDay !== current.callsPerDay)
    changes.push({ label: 'Calls per day', from: current.callsPerDay === null ? 'No limit' : String(current.callsPerDay), to: String(values.callsPerDay) });
  if (values.deliveryPhone && values.deliveryPhone !== (current.deliveryPhone ?? null))
    changes.push({ label: 'Delivery phone', from: current.deliveryPhone ?? 'Your account phone', to: values.deliveryPhone });
  return changes;
}
