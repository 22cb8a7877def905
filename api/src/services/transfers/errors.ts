// A refusal of the transfer callback: an HTTP status plus a stable reason code the caller system can log.
// It renders in the one refusal shape with the reason as `code`; `reason` (the same value) stays in the
// body because the caller systems were told to read it (the callback's published contract).
import type { RefusalReason } from '@tm/shared/logic/transfer-rules';
import { HttpError, type RefusalBody } from '../../errors.ts';

export class TransferRefused extends HttpError {
  constructor(
    status: number,
    readonly reason: RefusalReason,
    message: string,
    fields?: Record<string, string>,
  ) {
    super(status, message, fields, reason);
    this.name = 'TransferRefused';
  }

  override toBody(): RefusalBody & { reason: RefusalReason } {
    return { ...super.toBody(), reason: this.reason };
  }
}

/** Agent-control and balance refusals: the request was understood, the agent does not take the call. */
export const REFUSAL_STATUS = 422;
