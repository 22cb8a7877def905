// A refusal of the transfer callback: an HTTP status plus a stable reason code the caller system can log.
import type { RefusalReason } from '@tm/shared/logic/transfer-rules';
import { HttpError } from '../../errors.ts';

export class TransferRefused extends HttpError {
  constructor(
    status: number,
    readonly reason: RefusalReason,
    message: string,
    fields?: Record<string, string>,
  ) {
    super(status, message, fields);
    this.name = 'TransferRefused';
  }
}

/** Agent-control and balance refusals: the request was understood, the agent does not take the call. */
export const REFUSAL_STATUS = 422;
