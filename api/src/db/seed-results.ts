// Demo Results for the second demo agent (agent2@example.com): leads, appointments and billed transfers
// bought over the last two months with their outcomes, so the Results page shows real figures at once.
// (The first demo agent stays without purchases: the browser journeys buy with that account.)
import crypto from 'node:crypto';
import { APPOINTMENT_PRICE_CENTS, LEAD_DEFAULT_PRICE_CENTS, TIERS } from '@tm/shared';
import { callerPhoneKey } from '@tm/shared/logic/transfer-rules';
import type { OutcomeStatus } from '@tm/shared/schemas/outcomes';
import type { Db } from './index.ts';
import { fromDbDate, toDbDate } from './dates.ts';
import { Appointment, ItemOutcome, Lead, Order, TransferCall, TransferOrderUsage } from '../models/index.ts';

/** The outcomes dealt out in turn (sold and issued carry a premium). */
const OUTCOMES: Array<[OutcomeStatus, number | null]> = [
  ['no_answer', null],
  ['contacted', null],
  ['sold', 96_000],
  ['no_answer', null],
  ['quoted', null],
  ['issued', 132_000],
  ['contacted', null],
  ['no_answer', null],
  ['sold', 78_000],
  ['chargeback', 60_000],
  ['quoted', null],
  ['no_answer', null],
];

export async function seedResultsDemo(db: Db, agentId: number, now: Date): Promise<void> {
  const at = (days: number, hour = 15) => {
    const d = new Date(now.getTime() - days * 86_400_000);
    d.setUTCHours(hour, 0, 0, 0);
    return d.getTime() > now.getTime() ? new Date(now) : d;
  };
  const dateKey = (d: Date) => d.toISOString().slice(0, 10);
  const items: Array<{ itemType: 'lead' | 'appointment' | 'transfer'; itemId: number; bought: Date }> = [];

  // Leads: 12 aged and 4 fresh, bought 3 to 55 days ago.
  const aged = await Lead.query(db).where({ kind: 'aged', status: 'available' }).orderBy('id').limit(12).select('id', 'ageDays');
  const fresh = await Lead.query(db).where({ kind: 'fresh', status: 'available' }).orderBy('id').limit(4).select('id', 'ageDays');
  let n = 0;
  for (const l of [...aged, ...fresh]) {
    // Bought after the form was filled: never before the lead existed.
    const bought = at(Math.min(3 + ((n * 7) % 53), Math.max(0, Number(l.ageDays) - 1)));
    await Lead.query(db)
      .findById(l.id)
      .patch({
        status: 'sold',
        buyerId: agentId,
        soldAt: toDbDate(bought),
        priceCents: l.ageDays >= 30 ? 300 + (n % 3) * 100 : LEAD_DEFAULT_PRICE_CENTS,
      });
    items.push({ itemType: 'lead', itemId: Number(l.id), bought });
    n += 1;
  }

  // Appointments: 3.
  // Completed calls only (a call still going or failed set no appointment to buy), bought after the call.
  const appts = await Appointment.query(db).where({ status: 'available', callStatus: 'completed' }).orderBy('id').limit(3).select('id', 'callDate');
  for (const [i, a] of appts.entries()) {
    const bought = new Date(Math.min(now.getTime(), (fromDbDate(a.callDate) ?? now).getTime() + (40 + i * 25) * 60_000));
    await Appointment.query(db)
      .findById(a.id)
      .patch({ status: 'sold', buyerId: agentId, purchasedAt: toDbDate(bought), priceCents: APPOINTMENT_PRICE_CENTS });
    items.push({ itemType: 'appointment', itemId: Number(a.id), bought });
  }

  // Transfers: a paid standard package of 10, 6 calls billed.
  const paid = at(50, 14);
  const rate = TIERS.standard.rateCents;
  const { id: orderId } = await Order.query(db).insert({
    userId: agentId,
    kind: 'transfer_package',
    tier: 'standard',
    count: 10,
    unitPriceCents: rate,
    amountCents: rate * 10,
    currency: 'usd',
    status: 'paid',
    paymentIntentId: `pi_demo_${crypto.randomBytes(6).toString('hex')}`,
    idempotencyKey: `demo-${crypto.randomUUID()}`,
    metadata: '{}',
    paidAt: toDbDate(paid),
    fulfilledAt: toDbDate(paid),
    createdAt: toDbDate(paid),
    updatedAt: toDbDate(paid),
  });
  await TransferOrderUsage.query(db).insert({
    orderId,
    userId: agentId,
    capacity: 10,
    used: 6,
    bufferSeconds: TIERS.standard.bufferSeconds,
    updatedAt: toDbDate(now),
  });
  const callers = [
    ['Helen Carter', 'GA'],
    ['Frank Moore', 'FL'],
    ['Ruth Ellis', 'GA'],
    ['George Hall', 'NC'],
    ['Ann Brooks', 'FL'],
    ['Harold King', 'SC'],
  ] as const;
  for (const [i, [name, state]] of callers.entries()) {
    const started = at(4 + i * 7, 16);
    const phone = `404555${String(7100 + i)}`;
    const { id } = await TransferCall.query(db).insert({
      externalCallId: `demo-call-${i + 1}`,
      userId: agentId,
      orderId,
      source: 'callback',
      callerName: name,
      callerPhone: phone,
      callerPhoneKey: callerPhoneKey(phone),
      state,
      startedAt: toDbDate(started),
      endedAt: toDbDate(new Date(started.getTime() + (240 + i * 30) * 1000)),
      durationSeconds: 240 + i * 30,
      bufferSeconds: TIERS.standard.bufferSeconds,
      billable: true,
      status: 'billed',
      chargeCents: rate,
      createdAt: toDbDate(started),
      updatedAt: toDbDate(started),
    });
    items.push({ itemType: 'transfer', itemId: id, bought: started });
  }

  // Outcomes for all but the two newest items (left for the agent to record).
  const ordered = items.sort((a, b) => a.bought.getTime() - b.bought.getTime()).slice(0, -2);
  await db
    .insert(
      ordered.map((it, i) => {
        const [status, premium] = OUTCOMES[i % OUTCOMES.length]!;
        const when = new Date(Math.min(now.getTime(), it.bought.getTime() + 2 * 86_400_000));
        return {
          userId: agentId,
          itemType: it.itemType,
          itemId: it.itemId,
          status,
          premiumCents: premium,
          outcomeDate: dateKey(when),
          source: i % 4 === 0 ? 'api' : 'portal',
          createdAt: toDbDate(when),
          updatedAt: toDbDate(when),
        };
      }),
    )
    .into(ItemOutcome.tableName);
}
