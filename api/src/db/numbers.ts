// The one reader of a number from a query's row (issue 39 point 4). Drivers answer COUNT, SUM and DECIMAL
// columns as numbers on SQLite and as strings on MariaDB; a LEFT JOIN's or an aggregate's empty answer is
// NULL. `num` reads a count or a sum (NULL is 0); `numOrNull` reads a value that may be absent.
export const num = (v: unknown): number => Number(v ?? 0);

export const numOrNull = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));
