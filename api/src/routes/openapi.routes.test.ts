// Issue 36 point 8: the integrators' OpenAPI 3.1 document. Served at /openapi.json; valid by a maintained
// OpenAPI validator; generated from the server's own zod schemas (a field added to a shared schema shows
// up by itself); every documented path is a real route; the CRM webhook events are its `webhooks`. The
// answers the API tests receive are checked against it where they are made (transfer-callbacks,
// brightcall, outcomes and webhooks tests, through test/openapi-contract.ts); this file also shows that
// check refusing an answer the document does not describe.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { transferCallbackSchema } from '@tm/shared/schemas/transfers';
import { WEBHOOK_EVENTS, TEST_EVENT } from '@tm/shared/schemas/webhooks';
import { integratorDocument, INTEGRATOR_ENDPOINTS } from '@tm/shared/openapi/document';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { listRoutes } from '../test/route-list.ts';
import { expectDocumented, expectDocumentedWebhook } from '../test/openapi-contract.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: { publicOrigin: 'https://transfers.example.com' } });
});
afterAll(() => ctx.close());

type Doc = { openapi: string; servers?: Array<{ url: string }>; paths: Record<string, Record<string, unknown>>; webhooks: Record<string, unknown> };
type Schema = { properties?: Record<string, unknown>; required?: string[] };
const bodySchemaOf = (doc: Doc, path: string, method: string) =>
  (doc.paths[path]![method] as { requestBody: { content: { 'application/json': { schema: Schema } } } }).requestBody.content['application/json'].schema;

describe('GET /openapi.json', () => {
  it('serves an OpenAPI 3.1 document that a maintained validator accepts, with this install as its server', async () => {
    const res = await request(ctx.app).get('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const doc = res.body as Doc;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: 'https://transfers.example.com' }]);
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? null).toBeNull();
    expect(result.valid).toBe(true);
  });

  it('covers the voice-AI webhook, the transfer check and callback, personal API tokens and outcomes, and the CRM events as webhooks', async () => {
    const doc = (await request(ctx.app).get('/openapi.json')).body as Doc;
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        '/api/api-tokens',
        '/api/api-tokens/{id}',
        '/api/callbacks/attempts',
        '/api/callbacks/brightcall',
        '/api/callbacks/transfer',
        '/api/callbacks/transfer/check',
        '/api/outcomes',
      ].sort(),
    );
    expect(Object.keys(doc.paths['/api/api-tokens']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/callbacks/transfer/check']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENTS, TEST_EVENT].sort());
  });

  it('documents only routes the server has (same method and path)', () => {
    const routes = new Set(listRoutes(ctx.app).map((r) => `${r.method} ${r.path}`));
    for (const e of INTEGRATOR_ENDPOINTS) {
      const expressPath = e.path.replace(/\{(\w+)\}/g, ':$1');
      expect(routes, `${e.method} ${e.path}`).toContain(`${e.method.toUpperCase()} ${expressPath}`);
    }
  });
});

describe('generated from the schemas the server validates with', () => {
  it('the transfer callback body has exactly the fields of transferCallbackSchema, callId required', () => {
    const body = bodySchemaOf(integratorDocument() as unknown as Doc, '/api/callbacks/transfer', 'post');
    // A field added to the shared schema (issue 33's endedBy) appears here without touching the document.
    expect(Object.keys(body.properties ?? {}).sort()).toEqual(Object.keys(transferCallbackSchema.shape).sort());
    expect(body.required).toContain('callId');
  });
});

describe('the contract check of the API tests', () => {
  const json = { 'content-type': 'application/json; charset=utf-8' };
  it('accepts a documented answer and refuses a wrong body, an undocumented status and an unknown path', () => {
    expectDocumented({ status: 200, body: { ok: true, balanceRemaining: 3 }, headers: json }, 'post', '/api/callbacks/transfer/check');
    expect(() => expectDocumented({ status: 200, body: { ok: true, balanceRemaining: '3' }, headers: json }, 'post', '/api/callbacks/transfer/check')).toThrow(
      /does not match its documented schema/,
    );
    expect(() => expectDocumented({ status: 418, body: {}, headers: json }, 'post', '/api/callbacks/transfer/check')).toThrow(/does not list/);
    expect(() => expectDocumented({ status: 200, body: {}, headers: json }, 'get', '/api/nowhere')).toThrow(/not in the OpenAPI document/);
    expect(() =>
      expectDocumentedWebhook({ id: 'evt_1', type: 'transfer.delivered', createdAt: '2026-11-20T15:04:05.123Z', agentId: 4, data: { lead: {} } } as never),
    ).toThrow(/does not match/);
  });
});
