import { describe, it, expect } from 'vitest';
import { containsPattern, whereAnyContains } from './like.ts';
import { User } from '../models/index.ts';
import { createTestApp, loginAs, makeUser, testDbOfFile } from '../test/harness.ts';

describe('containsPattern: the one LIKE escaper', () => {
  it('escapes %, _ and the escape character itself with a backslash', () => {
    expect(containsPattern('50%_off\\now')).toBe('%50\\%\\_off\\\\now%');
    expect(containsPattern('plain')).toBe('%plain%');
  });
});

// Agencies whose names differ only in a LIKE wildcard or the escape character.
const AGENCIES = ['Fifty%Off', 'FiftyXOff', 'Fifty_Off', 'Fifty\\Off', 'FiftyOff'];

describe('whereAnyContains on this database (SQLite, or MariaDB with TEST_DATABASE_URL)', () => {
  const file = testDbOfFile();

  it('matches %, _ and \\ literally, case-insensitively, through Knex and Objection builders alike', async () => {
    const ids = new Map<string, number>();
    for (const agencyName of AGENCIES) ids.set(agencyName, (await makeUser(file.db, { agencyName })).id);
    const viaObjection = async (term: string) =>
      (await whereAnyContains(User.query(file.db).select('id', 'agencyName'), ['users.agencyName'], term)).map((u) => u.agencyName).sort();
    const viaKnex = async (term: string) =>
      ((await whereAnyContains(file.db(User.tableName).select('agencyName'), ['agencyName'], term)) as Array<{ agencyName: string }>)
        .map((u) => u.agencyName)
        .sort();
    for (const read of [viaObjection, viaKnex]) {
      expect(await read('%')).toEqual(['Fifty%Off']);
      expect(await read('_')).toEqual(['Fifty_Off']);
      expect(await read('\\')).toEqual(['Fifty\\Off']);
      expect(await read('fifty%off')).toEqual(['Fifty%Off']);
      expect(await read('FIFTY')).toEqual([...AGENCIES].sort());
    }
  });
});

describe('a list searched through HTTP', () => {
  it('GET /api/admin/users/search?q=% finds the one agency with a % in its name, not every user', async () => {
    const ctx = await createTestApp();
    try {
      const a = await makeUser(ctx.db, { isAdmin: true });
      const admin = await loginAs(ctx.app, a.email, a.password);
      for (const agencyName of AGENCIES) await makeUser(ctx.db, { agencyName });
      for (const [q, agency] of [
        ['%', 'Fifty%Off'],
        ['_', 'Fifty_Off'],
        ['\\', 'Fifty\\Off'],
      ] as const) {
        const res = await admin.get('/api/admin/users/search').query({ q });
        expect(res.status).toBe(200);
        expect(res.body.items.map((u: { agencyName: string }) => u.agencyName)).toEqual([agency]);
        expect(res.body).toMatchObject({ total: 1, page: 1, pageCount: 1 });
      }
    } finally {
      await ctx.close();
    }
  });
});
