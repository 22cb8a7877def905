// Test helpers for the transfer ledger: paid orders inserted as the payments service leaves them, and
// delivered-call payloads. Used by the *.test.ts files only.
import crypto from 'node:crypto';
import { TIERS, HIGH_VOLUME, RINGCLOUD, LIVE_TRANSFER_DEFAULT_PRICE_CENTS, type TierId } from '@tm/shared';
import type { TransferCallbackInput } from '@tm/shared/schemas/transfers';
import type { Db } from '../db/index.ts';
import { toDbDate } from '../db/dates.ts';
import { Order } from '../models/index.ts';

export type LotSpec =
  | { kind: 'transfer_package'; tier: TierId | 'high-volume'; count: number }
  | { kind: 'live_transfer'; count: number }
  | { kind: 'ringcloud'; leadType: 'Live Transfers' | 'Call-Backs'; count: number };

/** A paid order of the agent, as fulfilment leaves it (status paid, paidAt set). */
export async function insertPaidOrder(db: Db, userId: number, spec: LotSpec, paidAt = new Date(), status = 'paid'): Promise<number> {
  let tier: string | null = null;
  let unit: number;
  let metadata: Record<string, unknown> = {};
  if (spec.kind === 'transfer_package') {
    tier = spec.tier;
    unit = spec.tier === 'high-volume' ? HIGH_VOLUME.bands[0]!.rateCents : TIERS[spec.tier].rateCents;
  } else if (spec.kind === 'live_transfer') {
    unit = LIVE_TRANSFER_DEFAULT_PRICE_CENTS;
  } else {
    tier = 'ringcloud';
    unit = spec.leadType === 'Live Transfers' ? RINGCLOUD.liveTransferCents : RINGCLOUD.callbackCents;
    metadata = { packageType: `RingCloud ${spec.leadType}`, leadType: spec.leadType };
  }
  const stamp = toDbDate(paidAt);
  const { id } = await Order.query(db).insert({
    userId,
    kind: spec.kind,
    tier,
    count: spec.count,
    unitPriceCents: unit,
    amountCents: unit * spec.count,
    currency: 'usd',
    status,
    paymentIntentId: `pi_test_${crypto.randomBytes(8).toString('hex')}`,
    idempotencyKey: `order-${crypto.randomUUID()}`,
    metadata: JSON.stringify(metadata),
    paidAt: status === 'paid' || status === 'refunded' ? stamp : null,
    fulfilledAt: stamp,
    createdAt: stamp,
    updatedAt: stamp,
  });
  return Number(id);
}

let seq = 0;
/** A delivered call that ends `durationSeconds` after it started, a minute before `now`. */
export function callPayload(
  agent: { id: number } | { email: string },
  durationSeconds: number,
  over: Partial<TransferCallbackInput> & { now?: Date } = {},
): TransferCallbackInput {
  seq += 1;
  const { now = new Date(), ...rest } = over;
  const ended = new Date(now.getTime() - 60_000);
  const started = new Date(ended.getTime() - durationSeconds * 1000);
  return {
    callId: `call-${process.pid}-${Date.now().toString(36)}-${seq}`,
    ...('id' in agent ? { agentId: agent.id } : { agentEmail: agent.email }),
    callerName: 'Pat Caller',
    // A new caller each call (the duplicate caller rule makes a repeated number free).
    callerPhone: `(305) 5${String(Math.floor(seq / 10_000) % 100).padStart(2, '0')}-${String(seq % 10_000).padStart(4, '0')}`,
    state: 'FL',
    startedAt: started.toISOString(),
    endedAt: ended.toISOString(),
    durationSeconds,
    recordingUrl: 'https://recordings.example.com/r/1.mp3',
    transcript: 'Agent: Hello? Caller: Yes, I would like a quote.',
    ...rest,
  };
}
