import { describe, it, expect } from 'vitest';
import { num, numOrNull } from './numbers.ts';

describe('num and numOrNull: a number from a query row', () => {
  it('reads MariaDB strings and SQLite numbers alike; a missing count is 0, a missing value null', () => {
    expect([num('12'), num(12), num('12.50'), num(null), num(undefined)]).toEqual([12, 12, 12.5, 0, 0]);
    expect([numOrNull('7'), numOrNull(7), numOrNull('0'), numOrNull(null), numOrNull(undefined), numOrNull('')]).toEqual([7, 7, 0, null, null, null]);
  });
});
