// The model layer: one model per table, relations resolve, and the models read and write through the
// knex (or transaction) they are given.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as models from './index.ts';
import { User, Order, OrderItem } from './index.ts';
import { createTestDb, type Db } from '../db/index.ts';

let db: Db;
let destroy: () => Promise<void>;
beforeAll(async () => {
  ({ db, destroy } = await createTestDb());
});
afterAll(async () => destroy());

describe('models', () => {
  it('has one model per table of the migrated schema', async () => {
    const tables = new Set(Object.values(models).map((m) => m.tableName));
    const rows =
      db.client.config.client === 'mysql2'
        ? ((await db.raw('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()')) as [Array<{ name: string }>])[0]
        : ((await db.raw("SELECT name FROM sqlite_master WHERE type = 'table'")) as Array<{ name: string }>);
    const schema = rows.map((r) => r.name).filter((n) => !/^(sqlite_|knex_)/.test(n));
    expect([...tables].sort()).toEqual(schema.sort());
    expect(Object.keys(models)).toHaveLength(tables.size);
  });

  it('every relation mapping resolves to a model', () => {
    for (const model of Object.values(models)) {
      for (const name of Object.keys(model.getRelations())) {
        expect(model.getRelation(name).relatedModelClass.tableName).toBeTruthy();
      }
    }
  });

  it('reads and writes through the knex it is given, with relations', async () => {
    const user = await User.query(db).insert({
      email: 'model@example.com',
      passwordHash: 'x',
      firstName: 'Model',
      lastName: 'Test',
      agencyName: 'A',
      role: 'agent',
      phone: '5125550101',
    });
    expect(user.id).toBeGreaterThan(0);
    await db.transaction(async (trx) => {
      const order = await Order.query(trx).insert({
        userId: user.id,
        kind: 'transfers',
        count: 2,
        unitPriceCents: 1000,
        amountCents: 2000,
        currency: 'usd',
        status: 'paid',
        idempotencyKey: 'model-test',
      });
      await OrderItem.query(trx).insert({ orderId: order.id, kind: 'transfers', quantity: 2, unitPriceCents: 1000, amountCents: 2000 });
    });
    const withOrders = await User.query(db).findById(user.id).withGraphFetched('orders.orderItems');
    expect(withOrders?.orders?.[0]?.amountCents).toBe(2000);
    expect(withOrders?.orders?.[0]?.orderItems).toHaveLength(1);
  });
});
