import { describe, it, expect } from 'vitest';
import { idParam } from './params.ts';
import { HttpError } from '../errors.ts';
import { createTestApp, loginAs, makeUser } from '../test/harness.ts';

describe('idParam: the one reader of route ids', () => {
  it('reads digits only; anything else is 404 with the route message', () => {
    expect(idParam('7')).toBe(7);
    expect(idParam(42)).toBe(42);
    for (const bad of ['1e3', ' 7', '7 ', '0x7', '7.0', '+7', '-1', '0', '', '9007199254740993', undefined, null]) {
      let err: unknown;
      try {
        idParam(bad, 'Order not found');
      } catch (e) {
        err = e;
      }
      expect(err, String(bad)).toBeInstanceOf(HttpError);
      expect((err as HttpError).status).toBe(404);
      expect((err as HttpError).message).toBe('Order not found');
    }
  });

  it('the admin routes that had their own copies agree: "1e3" is not order 1000, " 7" is not user 7', async () => {
    const ctx = await createTestApp();
    try {
      const a = await makeUser(ctx.db, { isAdmin: true });
      const admin = await loginAs(ctx.app, a.email, a.password);
      expect((await admin.get('/api/admin/orders/1e3')).status).toBe(404);
      const u = await makeUser(ctx.db);
      expect((await admin.get(`/api/admin/users/${u.id}`)).status).toBe(200);
      expect((await admin.get(`/api/admin/users/%20${u.id}`)).status).toBe(404);
      expect((await admin.get(`/api/admin/users/${u.id}.0`)).status).toBe(404);
    } finally {
      await ctx.close();
    }
  });
});
