// Decision 271: the caller system is told which number to ring. The agent's delivery phone (Transfer Controls,
// decision 245) comes back in E.164 in the pre-transfer check (POST and GET) and in the transfer callback's
// answer (a new call and a repeated one); null when the agent set none. Decision 278: a delivered RingCloud
// call-back's answer (kind "callback") carries it too. Every answer is checked against the OpenAPI document,
// which lists the field as optional and is now version 1.2.0.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { createTestApp, loginAs, makeUser, type TestContext } from '../../test/harness.ts';
import { callPayload, insertPaidOrder } from '../../test/transfers-testing.ts';
import { insertOwedOrder } from '../../test/orders-testing.ts';
import { documented, openapiDocument } from '../../test/openapi-contract.ts';

const KEY = 'delivery-phone-transfer-key-0123456789';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: { transferApiKey: KEY } });
});
afterAll(() => ctx.close());

const CHECK = '/api/callbacks/transfer/check';
const checkPost = (agentId: number) => documented(request(ctx.app).post(CHECK).set('x-api-key', KEY).send({ agentId, state: 'TX' }), 'post', CHECK);
const checkGet = (agentId: number) => documented(request(ctx.app).get(`${CHECK}?agentId=${agentId}&state=TX`).set('x-api-key', KEY), 'get', CHECK);
const deliver = (agentId: number, over: { callId?: string } = {}) =>
  documented(
    request(ctx.app)
      .post('/api/callbacks/transfer')
      .set('x-api-key', KEY)
      .send(callPayload({ id: agentId }, 120, { now: ctx.clock.now(), ...over })),
    'post',
    '/api/callbacks/transfer',
  );

/** An agent with 10 transfers, logged in (Transfer Controls are theirs to set). */
async function agent() {
  const user = await makeUser(ctx.db);
  await insertPaidOrder(ctx.db, user.id, { kind: 'transfer_package', tier: 'standard', count: 10 }, new Date(ctx.clock.now().getTime() - 60_000));
  return { user, session: await loginAs(ctx.app, user.email, user.password) };
}

describe('the number the caller system rings', () => {
  it('is the delivery phone set on Transfer Controls, in E.164, in the check and the callback answer', async () => {
    const { user, session } = await agent();
    const set = await session.put('/api/transfers/settings').send({ deliveryPhone: '(512) 555-0123' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);

    expect((await checkPost(user.id)).body).toEqual({ ok: true, balanceRemaining: 10, deliveryPhone: '+15125550123' });
    expect((await checkGet(user.id)).body).toEqual({ ok: true, balanceRemaining: 10, deliveryPhone: '+15125550123' });

    const first = await deliver(user.id, { callId: `dp-${user.id}` });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ ok: true, duplicate: false, balanceRemaining: 9, deliveryPhone: '+15125550123' });
    // A repeat of the same call answers the agent's number as it is now.
    await session.put('/api/transfers/settings').send({ deliveryPhone: '+1 737 555 0199' }).expect(200);
    const again = await deliver(user.id, { callId: `dp-${user.id}` });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ duplicate: true, deliveryPhone: '+17375550199' });
  });

  it('is null when the agent set none, or cleared it: the caller system rings the number it has for the agent', async () => {
    const { user, session } = await agent();
    expect((await checkPost(user.id)).body).toEqual({ ok: true, balanceRemaining: 10, deliveryPhone: null });
    expect((await deliver(user.id)).body).toMatchObject({ balanceRemaining: 9, deliveryPhone: null });

    await session.put('/api/transfers/settings').send({ deliveryPhone: '512-555-0142' }).expect(200);
    expect((await checkGet(user.id)).body.deliveryPhone).toBe('+15125550142');
    await session.put('/api/transfers/settings').send({ deliveryPhone: '' }).expect(200);
    expect((await checkGet(user.id)).body).toEqual({ ok: true, balanceRemaining: 9, deliveryPhone: null });
  });

  it("is in a delivered call-back's answer too, new and repeated, as the agent's number is now", async () => {
    const { user, session } = await agent();
    await insertOwedOrder(ctx.db, user.id, { leadType: 'Call-Backs', owed: 3 });
    const callback = (callId: string) =>
      documented(
        request(ctx.app)
          .post('/api/callbacks/transfer')
          .set('x-api-key', KEY)
          .send({ ...callPayload({ id: user.id }, 120, { now: ctx.clock.now(), callId }), kind: 'callback' }),
        'post',
        '/api/callbacks/transfer',
      );
    const unset = await callback(`cb-${user.id}-1`);
    expect(unset.status, JSON.stringify(unset.body)).toBe(201);
    expect(unset.body).toMatchObject({ ok: true, duplicate: false, kind: 'callback', quantityDelivered: 1, quantityOwed: 2, deliveryPhone: null });

    await session.put('/api/transfers/settings').send({ deliveryPhone: '(512) 555-0177' }).expect(200);
    const set = await callback(`cb-${user.id}-2`);
    expect(set.status).toBe(201);
    expect(set.body).toMatchObject({ kind: 'callback', quantityDelivered: 2, deliveryPhone: '+15125550177' });
    // A repeated call id answers its first delivery, with the number as it is now.
    await session.put('/api/transfers/settings').send({ deliveryPhone: '+1 737 555 0188' }).expect(200);
    const again = await callback(`cb-${user.id}-1`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ duplicate: true, kind: 'callback', quantityDelivered: 2, deliveryPhone: '+17375550188' });
    // No transfer balance was drawn by the call-backs.
    expect((await checkPost(user.id)).body).toEqual({ ok: true, balanceRemaining: 10, deliveryPhone: '+17375550188' });
  });

  it('is in the contract as an optional field of the three answers, and the contract says 1.2.0', () => {
    const doc = openapiDocument() as { info: { version: string }; components: { schemas: Record<string, { properties: object; required?: string[] }> } };
    expect(doc.info.version).toBe('1.2.0');
    for (const name of ['TransferCheckAnswer', 'TransferAccepted', 'CallbackDelivered']) {
      const schema = doc.components.schemas[name]!;
      expect(Object.keys(schema.properties), name).toContain('deliveryPhone');
      // Optional: a reader of an earlier version (which never saw the field) stays valid.
      expect(schema.required ?? [], name).not.toContain('deliveryPhone');
    }
  });
});
