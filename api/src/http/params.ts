// The one reader of a route's id parameters: digits only ("7", never " 7", "1e3", "0x7" or "7.0"), a
// positive safe integer, else 404 with the route's own message (an id that cannot exist is not found).
import { notFound } from '../errors.ts';

export function idParam(raw: unknown, message = 'Not found'): number {
  const text = String(raw);
  const id = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(id) || id <= 0) throw notFound(message);
  return id;
}
