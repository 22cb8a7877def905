// Test helper: a paid RingCloud order that still owes units, as fulfilment leaves it when stock is short
// (aged leads) or at payment (call-backs).
import { RINGCLOUD } from '@tm/shared';
import type { Db } from '../db/index.ts';
import { Order } from '../models/index.ts';

export async function insertOwedOrder(
  db: Db,
  userId: number,
  spec: { leadType: 'Aged Leads' | 'Call-Backs'; owed: number; delivered?: number; ageRange?: string; surveyId?: number | null },
): Promise<number> {
  const delivered = spec.delivered ?? 0;
  const count = spec.owed + delivered;
  const aged = spec.leadType === 'Aged Leads';
  const unit = aged ? (RINGCLOUD.agedLeadCents[(spec.ageRange ?? '30-60') as '30-60'] ?? 500) : RINGCLOUD.callbackCents;
  const amount = unit * count;
  const stamp = new Date().toISOString().slice(0, 23).replace('T', ' ');
  const { id } = await Order.query(db).insert({
    userId,
    surveyId: spec.surveyId ?? null,
    kind: 'ringcloud',
    tier: 'ringcloud',
    count,
    unitPriceCents: unit,
    amountCents: amount,
    currency: 'usd',
    status: 'paid',
    idempotencyKey: `owed-${userId}-${Date.now()}-${Math.random()}`,
    metadata: JSON.stringify({ packageType: `RingCloud ${spec.leadType}`, leadType: spec.leadType, ...(aged ? { ageRange: spec.ageRange ?? '30-60' } : {}) }),
    paymentIntentId: `pi_owed_${Date.now()}_${Math.floor(Math.random() * 1e9)}`,
    paidAt: stamp,
    createdAt: stamp,
    updatedAt: stamp,
    fulfilmentStatus: delivered === 0 ? 'owed' : 'partial',
    quantityOwed: spec.owed,
    quantityDelivered: delivered,
  });
  return Number(id);
}
