import { describe, it, expect } from 'vitest';
import { COUNT_LIMIT, maxPage, pageOf, pageQuerySchema, totalLabel } from './paging.ts';

describe('the one page type', () => {
  it('labels a capped total "10,000+" and an exact one plainly', () => {
    expect(totalLabel(pageOf([], COUNT_LIMIT, 1, 50, { totalCapped: true }))).toBe('10,000+');
    expect(totalLabel(pageOf([], 1234, 1, 50))).toBe('1,234');
    expect(pageOf([], 0, 1, 50).pageCount).toBe(1);
    expect(pageOf([], COUNT_LIMIT, 1, 50).pageCount).toBe(200);
  });

  it('bounds the page so that no list skips more than COUNT_LIMIT rows', () => {
    expect(maxPage(50)).toBe(200);
    expect(maxPage(7)).toBe(1429);
    expect(pageQuerySchema(50).safeParse({ page: '200' }).success).toBe(true);
    const deep = pageQuerySchema(50).safeParse({ page: '201' });
    expect(deep.success).toBe(false);
    expect(deep.error?.issues[0]).toMatchObject({ path: ['page'], message: 'Page must be at most 200' });
  });
});
