// An order's timeline: one row per thing that happened to it (created, each payment outcome, fulfilment,
// deliveries, refunds), with who did it when a person did. Written in the same transaction as the change
// it records, so the timeline never claims what did not happen.
import type { Knex } from 'knex';
import { OrderEvent } from '../../models/index.ts';

export type OrderEventType = 'created' | 'payment_succeeded' | 'payment_failed' | 'fulfilled' | 'partially_fulfilled' | 'delivered' | (string & {});

export async function recordOrderEvent(
  trx: Knex | Knex.Transaction,
  orderId: number,
  type: OrderEventType,
  detail?: Record<string, unknown> | null,
  actorUserId?: number | null,
): Promise<void> {
  await OrderEvent.query(trx).insert({
    orderId,
    type: type.slice(0, 32),
    actorUserId: actorUserId ?? null,
    detail: detail ? JSON.stringify(detail) : null,
  });
}
