import { describe, it, expect } from 'vitest';
import { createApiClient, ApiError, TRAINING_ADMIN_TOKEN_KEY } from './api-client.ts';

type Call = { url: string; init: RequestInit };
function fakeFetch(responses: Array<() => Response>) {
  const calls: Call[] = [];
  const fn = (async (url: string, init: RequestInit = {}) => {
    calls.push({ url, init });
    const next = responses.shift();
    return next ? next() : new Response('{}', { status: 200 });
  }) as unknown as typeof fetch;
  return { fn, calls };
}
const storage = (token: string | null) => ({ getItem: (k: string) => (k === TRAINING_ADMIN_TOKEN_KEY ? token : null) });

describe('shared request behaviour', () => {
  it('always sends cookies and a JSON content type for JSON bodies', async () => {
    const f = fakeFetch([() => new Response('{"ok":true}')]);
    const client = createApiClient({ fetch: f.fn, storage: storage(null) });
    expect(await client.requestJson('POST', '/api/login', { a: 1 })).toEqual({ ok: true });
    expect(f.calls[0]!.init.credentials).toBe('include');
    expect((f.calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(f.calls[0]!.init.body).toBe('{"a":1}');
  });

  it('sets no content type for FormData (the browser adds the boundary)', async () => {
    const f = fakeFetch([() => new Response('{}')]);
    const client = createApiClient({ fetch: f.fn, storage: storage(null) });
    const fd = new FormData();
    fd.append('x', '1');
    await client.apiRequest('POST', '/api/affnetwork-signup', fd);
    expect((f.calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    expect(f.calls[0]!.init.body).toBe(fd);
  });

  it('raises `status: body` on a non-OK answer, status text when the body is empty', async () => {
    const f = fakeFetch([
      () => new Response('{"error":"Invalid email or password"}', { status: 401 }),
      () => new Response('', { status: 503, statusText: 'Service Unavailable' }),
    ]);
    const client = createApiClient({ fetch: f.fn, storage: storage(null) });
    const e1 = (await client.requestJson('POST', '/api/login', {}).catch((e: unknown) => e)) as ApiError;
    expect(e1).toBeInstanceOf(ApiError);
    expect(e1.message).toBe('401: {"error":"Invalid email or password"}');
    expect(e1.serverMessage).toBe('Invalid email or password');
    const e2 = (await client.requestJson('GET', '/api/x').catch((e: unknown) => e)) as ApiError;
    expect(e2.message).toBe('503: Service Unavailable');
  });

  it('reads 401 as null only when asked to', async () => {
    const f = fakeFetch([() => new Response('no', { status: 401 }), () => new Response('no', { status: 401 })]);
    const client = createApiClient({ fetch: f.fn, storage: storage(null) });
    expect(await client.getJson('/api/current-user', { on401: 'returnNull' })).toBeNull();
    await expect(client.getJson('/api/current-user')).rejects.toThrow('401: no');
  });

  it('attaches the training-admin bearer token only to /api/training-videos URLs and the training admin logout', async () => {
    const f = fakeFetch([() => new Response('[]'), () => new Response('{}'), () => new Response('{}'), () => new Response(''), () => new Response('{}')]);
    const client = createApiClient({ fetch: f.fn, storage: storage('tok123') });
    await client.getJson('/api/training-videos');
    await client.requestJson('PUT', '/api/training-videos/4', { title: 't' });
    await client.getJson('/api/current-user');
    await client.requestJson('POST', '/api/training-admin/logout');
    await client.requestJson('POST', '/api/training-admin/login', { email: 'a@b.c', password: 'p' });
    expect((f.calls[0]!.init.headers as Record<string, string>)['Authorization']).toBe('Bearer tok123');
    expect((f.calls[1]!.init.headers as Record<string, string>)['Authorization']).toBe('Bearer tok123');
    expect((f.calls[2]!.init.headers as Record<string, string>)['Authorization']).toBeUndefined();
    expect((f.calls[3]!.init.headers as Record<string, string>)['Authorization']).toBe('Bearer tok123');
    expect((f.calls[4]!.init.headers as Record<string, string>)['Authorization']).toBeUndefined();
  });
});
