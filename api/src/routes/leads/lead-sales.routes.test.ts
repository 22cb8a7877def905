// Exclusive leads, enforced by the database (issue 19 item 1, decision 110): every lead sale is a
// lead_sales row referencing its consumer's claim with its mode, so a second sale of a consumer sold as
// exclusive is refused by the database's keys even when the service's checks are bypassed, and under many
// concurrent buyers exactly one exclusive sale gets through.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createTestApp, makeUser, loginAs, type TestContext } from '../../test/harness.ts';
import { ConsumerClaim, Lead, LeadSale } from '../../models/index.ts';
import { recordLeadSales } from '../../services/compliance/compliance.service.ts';
import { ItemsUnavailable } from '../../services/orders/inventory.ts';
import { isCheckViolation, isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import { toDbDate } from '../../db/dates.ts';
import { createTestDb } from '../../db/index.ts';

let ctx: TestContext;
let buyerId: number;
let agent: Awaited<ReturnType<typeof loginAs>>;
let seq = 0;
const STAMP = '2026-11-20 12:00:00.000';

async function lead(over: Partial<Lead> = {}): Promise<number> {
  seq += 1;
  const row = await Lead.query(ctx.db).insert({
    kind: 'fresh',
    customerName: 'Ruth Walker',
    customerPhone: `51266${String(10000 + seq).slice(-5)}`,
    customerState: 'TX',
    zipCode: '73301',
    ageDays: 1,
    priceCents: 500,
    status: 'available',
    ...over,
  });
  return row.id;
}
const sell = (ids: number[]) => ctx.db.transaction((trx) => recordLeadSales(trx, ids, buyerId, null, STAMP));
const dbError = (p: PromiseLike<unknown>) =>
  Promise.resolve(p).then(
    () => null,
    (err: unknown) => err,
  );

async function pay(clientSecret: string) {
  const id = clientSecret.split('_secret_')[0]!;
  return ctx.stripe.paymentIntents.confirm(id, { payment_method: 'pm_card_visa' }).catch((err: unknown) => err);
}
async function buy(who: typeof agent, leadIds: number[]) {
  const start = await who.post('/api/bulk-purchase-leads').send({ leadIds });
  if (start.status !== 201) return start.status === 409 ? 'refused' : `start ${start.status}`;
  await pay(start.body.clientSecret);
  const res = await who.post('/api/bulk-purchase-leads/confirm').send({ payment_intent_id: start.body.paymentIntentId });
  return String(res.body.status);
}

beforeAll(async () => {
  ctx = await createTestApp();
  ctx.emulator.holdWebhooks();
  const me = await makeUser(ctx.db);
  buyerId = me.id;
  agent = await loginAs(ctx.app, me.email, me.password);
});
afterAll(() => ctx.close());

describe('the database refuses a second sale of a consumer sold as exclusive', () => {
  it('with the service checks bypassed: the sale recorder, and rows written straight into the tables', async () => {
    const exclusive = await lead({ exclusive: true, customerPhone: '5126670001' });
    const shared = await lead({ kind: 'aged', customerPhone: '(512) 667-0001' });
    const secondExclusive = await lead({ exclusive: true, customerPhone: '+1 512 667 0001' });
    await sell([exclusive]);
    expect(await ConsumerClaim.query(ctx.db).findById('5126670001')).toMatchObject({ mode: 'exclusive' });

    // The recorder alone (no DNC or exclusive_sales check before it) is refused by the keys.
    await expect(sell([shared])).rejects.toBeInstanceOf(ItemsUnavailable);
    await expect(sell([secondExclusive])).rejects.toBeInstanceOf(ItemsUnavailable);
    await expect(sell([exclusive])).rejects.toBeInstanceOf(ItemsUnavailable);

    // Rows written directly: a shared sale has no claim to reference (foreign key) ...
    const fk = await dbError(LeadSale.query(ctx.db).insert({ leadId: shared, consumerKey: '5126670001', mode: 'shared', exclusiveKey: null, soldAt: STAMP }));
    expect(isForeignKeyViolation(fk)).toBe(true);
    // ... a second exclusive sale takes the taken exclusive key (unique) ...
    const uq = await dbError(
      LeadSale.query(ctx.db).insert({ leadId: secondExclusive, consumerKey: '5126670001', mode: 'exclusive', exclusiveKey: '5126670001', soldAt: STAMP }),
    );
    expect(isUniqueViolation(uq)).toBe(true);
    // ... and an exclusive sale without its key, or with another's, breaks the check.
    for (const exclusiveKey of [null, 'x']) {
      const ck = await dbError(
        LeadSale.query(ctx.db).insert({ leadId: secondExclusive, consumerKey: '5126670001', mode: 'exclusive', exclusiveKey, soldAt: STAMP }),
      );
      expect(isCheckViolation(ck), String(exclusiveKey)).toBe(true);
    }
    // The claim cannot be turned back to shared while its exclusive sale references it.
    const back = await dbError(ConsumerClaim.query(ctx.db).findById('5126670001').patch({ mode: 'shared' }));
    expect(isForeignKeyViolation(back)).toBe(true);
    expect(await LeadSale.query(ctx.db).where({ consumerKey: '5126670001' })).toHaveLength(1);
  });

  it('an exclusive lead of a consumer already sold is refused; shared sales of one consumer go on', async () => {
    const a = await lead({ kind: 'aged', customerPhone: '5126670002' });
    const b = await lead({ kind: 'aged', customerPhone: '5126670002' });
    const excl = await lead({ exclusive: true, customerPhone: '5126670002' });
    await sell([a]);
    await sell([b]);
    await expect(sell([excl])).rejects.toBeInstanceOf(ItemsUnavailable);
    expect(await LeadSale.query(ctx.db).where({ consumerKey: '5126670002' }).select('mode')).toEqual([{ mode: 'shared' }, { mode: 'shared' }]);
    // Through the API the same: the buyer's payment for it is refunded, the lead stays unsold.
    expect(await buy(agent, [excl])).not.toBe('paid');
    expect(await Lead.query(ctx.db).findById(excl)).toMatchObject({ buyerId: null });
  });

  it('a lead without a usable phone is its own consumer: sold as exclusive once', async () => {
    const id = await lead({ exclusive: true, customerPhone: null });
    await sell([id]);
    expect(await LeadSale.query(ctx.db).where({ leadId: id }).first()).toMatchObject({ consumerKey: `L${id}`, exclusiveKey: `L${id}` });
    await expect(sell([id])).rejects.toBeInstanceOf(ItemsUnavailable);
  });
});

describe('many concurrent buyers', () => {
  it('of eight exclusive leads of one consumer: one sale, seven refunds', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push(await lead({ exclusive: true, customerPhone: '5126670003' }));
    const agents = [];
    for (let i = 0; i < 8; i++) {
      const u = await makeUser(ctx.db);
      agents.push(await loginAs(ctx.app, u.email, u.password));
    }
    const results = await Promise.all(agents.map((a, i) => buy(a, [ids[i]!])));
    expect(results.filter((s) => s === 'paid')).toHaveLength(1);
    expect(await Lead.query(ctx.db).whereIn('id', ids).where({ status: 'sold' })).toHaveLength(1);
    expect(await LeadSale.query(ctx.db).where({ consumerKey: '5126670003' })).toHaveLength(1);
  });

  it('at the database alone: ten transactions recording exclusive sales of one consumer, one commits', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push(await lead({ exclusive: true, customerPhone: '5126670004' }));
    const outcomes = await Promise.all(
      ids.map((id) =>
        ctx.db
          .transaction((trx) => recordLeadSales(trx, [id], buyerId, null, toDbDate(new Date())))
          .then(() => 'sold')
          .catch((err: unknown) => (err instanceof ItemsUnavailable ? 'refused' : String(err))),
      ),
    );
    expect(outcomes.filter((o) => o === 'sold')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'refused')).toHaveLength(9);
    expect(await LeadSale.query(ctx.db).where({ consumerKey: '5126670004' })).toHaveLength(1);
  });

  it('of exclusive and shared leads of one consumer mixed: either one exclusive sale or only shared ones', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push(await lead({ exclusive: i % 2 === 0, kind: i % 2 === 0 ? 'fresh' : 'aged', customerPhone: '5126670005' }));
    const outcomes = await Promise.all(
      ids.map((id) =>
        ctx.db
          .transaction((trx) => recordLeadSales(trx, [id], buyerId, null, toDbDate(new Date())))
          .then(() => 'sold')
          .catch((err: unknown) => (err instanceof ItemsUnavailable ? 'refused' : String(err))),
      ),
    );
    expect(outcomes.every((o) => o === 'sold' || o === 'refused')).toBe(true);
    const sales = await LeadSale.query(ctx.db).where({ consumerKey: '5126670005' }).select('mode');
    const modes = sales.map((s) => s.mode);
    expect(modes.includes('exclusive') ? modes : ['shared']).toEqual(modes.includes('exclusive') ? ['exclusive'] : ['shared']);
    if (!modes.includes('exclusive')) expect(modes).toHaveLength(4);
  });
});

describe('the migration', () => {
  it('records the sales made before it: sold leads, the first sale of a consumer setting its claim', async () => {
    const { db, destroy } = await createTestDb();
    try {
      await db.migrate.down({ name: '20261124800000_lead_sales' });
      const base = { kind: 'aged', customerState: 'TX', zipCode: '73301', ageDays: 40, status: 'sold', soldAt: STAMP };
      await db('leads').insert({ ...base, customerPhone: '5126670100', exclusive: true });
      await db('leads').insert({ ...base, customerPhone: '5126670100' }); // sold before the rule: left out
      await db('leads').insert({ ...base, customerPhone: '5126670101' });
      await db('leads').insert({ ...base, customerPhone: '5126670101' });
      await db('leads').insert({ ...base, customerPhone: '5126670102', status: 'available', soldAt: null });
      await db.migrate.latest();
      expect(await ConsumerClaim.query(db).orderBy('consumerKey').select('consumerKey', 'mode')).toEqual([
        { consumerKey: '5126670100', mode: 'exclusive' },
        { consumerKey: '5126670101', mode: 'shared' },
      ]);
      expect(await LeadSale.query(db).orderBy('id').select('consumerKey', 'mode', 'exclusiveKey')).toEqual([
        { consumerKey: '5126670100', mode: 'exclusive', exclusiveKey: '5126670100' },
        { consumerKey: '5126670101', mode: 'shared', exclusiveKey: null },
        { consumerKey: '5126670101', mode: 'shared', exclusiveKey: null },
      ]);
    } finally {
      await destroy();
    }
  });
});
