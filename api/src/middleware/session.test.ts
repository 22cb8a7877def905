// The session loader: iron-session's own save() and destroy(); tampered and foreign seals open to nothing.
import { describe, it, expect, vi, afterEach } from 'vitest';
import type { Request, Response } from 'express';
import { sealData } from 'iron-session';
import { sessionLoader, type SessionData } from './session.ts';

const password = 'a-test-session-secret-of-32-chars-or-more';
const options = { password, cookieName: 'tm_session', ttl: 3600, cookieOptions: { httpOnly: true, sameSite: 'lax' as const, secure: false, path: '/' } };

function fakeRes(): Response & { cookies: () => string[] } {
  const headers: Record<string, unknown> = {};
  return {
    getHeader: (n: string) => headers[n.toLowerCase()],
    setHeader: (n: string, v: unknown) => void (headers[n.toLowerCase()] = v),
    cookies: () => ([] as string[]).concat((headers['set-cookie'] as string[] | undefined) ?? []),
  } as unknown as Response & { cookies: () => string[] };
}
const reqWith = (seal: string) => ({ headers: { cookie: `other=1; tm_session=${seal}` } }) as Request;

afterEach(() => vi.restoreAllMocks());

describe('sessionLoader', () => {
  it("a session saves and destroys through iron-session's own cookie", async () => {
    const seal = await sealData({ userId: 8, issuedAt: 1 } satisfies SessionData, { password, ttl: 3600 });
    const load = sessionLoader(options);
    await load(reqWith(seal), fakeRes());
    const res = fakeRes();
    const s = await load(reqWith(seal), res);
    s.issuedAt = 99;
    await s.save();
    const newSeal = res.cookies()[0]!.split(';')[0]!.split('=')[1]!;
    expect(newSeal).not.toBe(seal);
    const reopened = await sessionLoader(options)(reqWith(newSeal), fakeRes());
    expect({ userId: reopened.userId, issuedAt: reopened.issuedAt }).toEqual({ userId: 8, issuedAt: 99 });

    const out = fakeRes();
    const gone = await load(reqWith(seal), out);
    gone.destroy();
    expect(gone.userId).toBeUndefined();
    expect(out.cookies()[0]).toMatch(/^tm_session=; Max-Age=0/);
    // A later request with the same (old) cookie is unchanged: the kept copy was not mutated.
    expect((await load(reqWith(seal), fakeRes())).userId).toBe(8);
  });

  it('never keeps a tampered seal or one made with another password', async () => {
    const seal = await sealData({ userId: 9, issuedAt: 1 } satisfies SessionData, { password, ttl: 3600 });
    const foreign = await sealData({ userId: 1, issuedAt: 1 } satisfies SessionData, { password: 'x'.repeat(40), ttl: 3600 });
    const load = sessionLoader(options);
    const tampered = seal.replace(/\*([^*]{4})/, '*AAAA');
    for (const bad of [tampered, foreign, 'garbage']) {
      expect((await load(reqWith(bad), fakeRes())).userId).toBeUndefined();
      expect((await load(reqWith(bad), fakeRes())).userId).toBeUndefined();
    }
  });
});
