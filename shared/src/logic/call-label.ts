// How a delivered call is named to its agent, the same on My Transfers' dispute dialog and in the dispute
// e-mails (issue 34 item 8): the caller's name (or, without one, the number's last four digits), the
// caller's state, and when the call started on the agent's clock, zone named.
import { formatDateTime } from './format.ts';
import { maskPhone } from './mask-name.ts';

export interface CallNaming {
  callerName: string | null;
  callerPhone: string | null;
  state: string | null;
  startedAt: string | Date;
}

/** "Pat Caller, TX, Nov 26, 2026, 10:00 AM EST"; "***-***-0101, TX, …" for a call without a caller name. */
export function callLabel(call: CallNaming, timeZone?: string): string {
  const who = call.callerName?.trim() || maskPhone(call.callerPhone) || 'Unknown caller';
  return [who, call.state?.trim(), formatDateTime(call.startedAt, timeZone)].filter(Boolean).join(', ');
}
