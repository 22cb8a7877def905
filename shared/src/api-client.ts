// The one request behaviour of both specs: cookies always sent, JSON unless FormData,
// non-OK answers raised as `status: body`, an optional null-on-401 read, and the
// training-admin bearer token attached only to /api/training-videos URLs and the training admin's logout.

export const TRAINING_ADMIN_TOKEN_KEY = 'training-admin-token';
const TRAINING_VIDEOS_PATH = '/api/training-videos';
const TRAINING_ADMIN_LOGOUT_PATH = '/api/training-admin/logout';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The parsed JSON body when the server sent one (`{ error, fields? }`). */
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** The server's `error` text when present, else the raw message. */
  get serverMessage(): string {
    const b = this.body as { error?: unknown; message?: unknown } | null;
    if (b && typeof b === 'object') {
      if (typeof b.error === 'string') return withoutFieldKey(b.error, this.fields);
      if (typeof b.message === 'string') return b.message;
    }
    return this.message;
  }
  get fields(): Record<string, string> | undefined {
    const b = this.body as { fields?: Record<string, string> } | null;
    return b && typeof b === 'object' ? b.fields : undefined;
  }
}

/**
 * "cardNumber: Card number is required" -> "Card number is required": the API names the first bad
 * field before its message (for logs and API users); a person reads the message only.
 */
export function withoutFieldKey(message: string, fields: Record<string, string> | undefined): string {
  if (fields) {
    for (const [key, text] of Object.entries(fields)) {
      if (message === `${key}: ${text}`) return text;
    }
  }
  return message;
}

export interface StorageLike {
  getItem(key: string): string | null;
}

export interface ClientOptions {
  fetch?: typeof fetch;
  storage?: StorageLike | null;
  baseUrl?: string;
}

function defaultStorage(): StorageLike | null {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : null;
  } catch {
    return null;
  }
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  throw new ApiError(`${res.status}: ${text}`, res.status, body);
}

export function createApiClient(opts: ClientOptions = {}) {
  const doFetch = opts.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  const base = opts.baseUrl ?? '';

  function headersFor(url: string, body: unknown): Record<string, string> {
    const headers: Record<string, string> = {};
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
    if (url.includes(TRAINING_VIDEOS_PATH) || url.startsWith(TRAINING_ADMIN_LOGOUT_PATH)) {
      const storage = opts.storage === undefined ? defaultStorage() : opts.storage;
      const token = storage?.getItem(TRAINING_ADMIN_TOKEN_KEY);
      if (token) headers['Authorization'] = `Bearer ${token}`;
    }
    return headers;
  }

  /** Sends a request and returns the raw Response; raises ApiError when not OK. */
  async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
    const isForm = typeof FormData !== 'undefined' && data instanceof FormData;
    const res = await doFetch(base + url, {
      method,
      headers: headersFor(url, data),
      body: data === undefined ? undefined : isForm ? (data as FormData) : JSON.stringify(data),
      credentials: 'include',
    });
    await throwIfNotOk(res);
    return res;
  }

  /** Sends a request and reads the JSON answer (undefined for an empty body). */
  async function requestJson<T>(method: string, url: string, data?: unknown): Promise<T> {
    const res = await apiRequest(method, url, data);
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** GET read; with on401 'returnNull' a 401 yields null instead of failing (default: fail). */
  async function getJson<T>(url: string, options: { on401?: 'throw' | 'returnNull' } = {}): Promise<T | null> {
    const res = await doFetch(base + url, { headers: headersFor(url, undefined), credentials: 'include' });
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  }

  return { apiRequest, requestJson, getJson };
}

export const api = createApiClient();
