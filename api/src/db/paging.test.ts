import { describe, it, expect } from 'vitest';
import { COUNT_LIMIT } from '@tm/shared/schemas/paging';
import { boundedTotal, pageFrom, pageSlice, readPage, withItems } from './paging.ts';
import { HttpError } from '../errors.ts';
import { User } from '../models/index.ts';
import { createTestApp, loginAs, makeUser, testDbOfFile } from '../test/harness.ts';

function refusal(f: () => unknown): HttpError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(HttpError);
    return e as HttpError;
  }
  throw new Error('no refusal');
}

describe('pageSlice: the bounds of every list', () => {
  it('turns page and pageSize into LIMIT and OFFSET', () => {
    expect(pageSlice(1, 20)).toEqual({ page: 1, pageSize: 20, limit: 20, offset: 0 });
    expect(pageSlice(3, 25)).toEqual({ page: 3, pageSize: 25, limit: 25, offset: 50 });
  });

  it('refuses a page below 1 and a page size outside 1..max with a 400 naming the field', () => {
    for (const page of [0, -1, 1.5, Number.NaN]) expect(refusal(() => pageSlice(page, 20)).fields).toEqual({ page: 'Page must be at least 1' });
    for (const size of [0, -5, 2.5]) expect(refusal(() => pageSlice(1, size)).fields).toEqual({ pageSize: 'Page size must be at least 1' });
    expect(refusal(() => pageSlice(1, 101)).fields).toEqual({ pageSize: 'Page size must be at most 100' });
    expect(refusal(() => pageSlice(1, 51, 50)).status).toBe(400);
  });

  it('bounds a total at COUNT_LIMIT', () => {
    expect(boundedTotal(COUNT_LIMIT)).toEqual({ total: COUNT_LIMIT, capped: false });
    expect(boundedTotal(COUNT_LIMIT + 1)).toEqual({ total: COUNT_LIMIT, capped: true });
  });
});

describe('readPage over this database (SQLite, or MariaDB with TEST_DATABASE_URL)', () => {
  const file = testDbOfFile();
  const AGENCY = 'Paging Test Agency';
  const ours = () => User.query(file.db).where('agencyName', AGENCY);

  it('reads one page and its count, in the shared Page shape', async () => {
    for (let i = 0; i < 5; i++) await makeUser(file.db, { agencyName: AGENCY });
    const ids = (await ours().orderBy('id')).map((u) => Number(u.id));
    const page = await readPage<User>({ page: 2, pageSize: 2 }, { rows: ours().orderBy('id'), count: ours() });
    expect(
      withItems(
        page,
        page.items.map((u) => Number(u.id)),
      ),
    ).toEqual({ items: ids.slice(2, 4), total: 5, page: 2, pageSize: 2, pageCount: 3 });
    const past = await readPage<User>({ page: 9, pageSize: 2 }, { rows: ours().orderBy('id'), count: ours() });
    expect(past).toEqual({ items: [], total: 5, page: 9, pageSize: 2, pageCount: 3 });
  });

  it('takes only queries (no call-back into the caller) and refuses a page size above the list maximum', async () => {
    const parts = { rows: ours(), count: ours() };
    for (const value of Object.values(parts)) expect(typeof value).not.toBe('function');
    await expect(readPage({ page: 1, pageSize: 30 }, { ...parts, maxPageSize: 25 })).rejects.toMatchObject({ status: 400 });
  });

  it('pageFrom: a list read in parts answers a bounded total and its cursors in the same shape', () => {
    expect(pageFrom([1, 2], boundedTotal(COUNT_LIMIT + 5), { page: 1, pageSize: 2 }, { nextCursor: '2', prevCursor: null })).toEqual({
      items: [1, 2],
      total: COUNT_LIMIT,
      totalCapped: true,
      page: 1,
      pageSize: 2,
      pageCount: COUNT_LIMIT / 2,
      nextCursor: '2',
      prevCursor: null,
    });
  });

  it('a keyset list described by data: after and before a cursor, the cursor row read from its table', async () => {
    const ids = (await ours().orderBy('id')).map((u) => Number(u.id));
    const keyset = {
      order: [
        { column: 'createdAt', order: 'asc' as const },
        { column: 'id', order: 'asc' as const },
      ],
      cursorRow: { table: User.tableName, columns: ['createdAt'] },
    };
    const read = async (q: { after?: number; before?: number }) => {
      const p = await readPage<User>({ page: 2, pageSize: 2, ...q }, { rows: ours(), count: ours(), keyset });
      return { ids: p.items.map((u) => Number(u.id)), next: p.nextCursor, prev: p.prevCursor, page: p.page };
    };
    const byCreated = (await ours().orderBy([{ column: 'createdAt' }, { column: 'id' }])).map((u) => Number(u.id));
    expect(byCreated.sort((a, b) => a - b)).toEqual(ids);
    const second = await read({ after: byCreated[1] });
    expect(second.ids).toEqual(byCreated.slice(2, 4));
    expect(second.prev).toBe(String(byCreated[2]));
    expect((await read({ before: byCreated[2] })).page).toBe(1);
    await expect(read({ after: 999_999_999 })).rejects.toMatchObject({ status: 400 });
  });
});

describe('the lists that had a shape of their own', () => {
  it('the outbox and the webhook delivery log answer the shared Page shape (with pageCount)', async () => {
    const ctx = await createTestApp();
    try {
      const a = await makeUser(ctx.db, { isAdmin: true });
      const admin = await loginAs(ctx.app, a.email, a.password);
      const outbox = await admin.get('/api/admin/outbox');
      expect(outbox.status).toBe(200);
      expect(outbox.body).toMatchObject({ page: 1, pageSize: 50, pageCount: Math.max(1, Math.ceil(outbox.body.total / 50)) });
      const u = await makeUser(ctx.db);
      const agent = await loginAs(ctx.app, u.email, u.password);
      const log = await agent.get('/api/webhooks/deliveries');
      expect(log.status).toBe(200);
      expect(log.body).toEqual({ items: [], total: 0, page: 1, pageSize: 25, pageCount: 1 });
    } finally {
      await ctx.close();
    }
  });
});
