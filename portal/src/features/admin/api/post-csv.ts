// Sends a CSV file as the raw request body (text/csv): lists run to millions of numbers, too large to
// wrap in JSON. Errors are raised as the shared ApiError so screens handle them the same way.
import { ApiError } from '@tm/shared/api-client';

export async function postCsv<T>(url: string, file: Blob): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'text/csv' }, body: file, credentials: 'include' });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!res.ok) throw new ApiError(`${res.status}: ${text || res.statusText}`, res.status, body);
  return body as T;
}
