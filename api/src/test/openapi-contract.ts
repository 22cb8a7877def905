// The integrators' contract in the API tests (issue 36 point 8): `documented(request, method, path)`
// awaits a supertest request and checks its answer against the OpenAPI document served at /openapi.json:
// the status must be one the document lists for that operation, and a JSON body must match the
// documented schema (Ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses, formats checked). A miss fails the test.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Response } from 'supertest';
import { integratorDocument } from '@tm/shared/openapi/document';

type Doc = ReturnType<typeof integratorDocument>;
let doc: Doc | null = null;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const compiled = new Map<string, ValidateFunction | null>();

export function openapiDocument(): Doc {
  doc ??= integratorDocument();
  return doc;
}

/** The validator of the documented answer, null when that answer has no body; throws when it is not documented. */
function validatorOf(method: string, path: string, status: number): ValidateFunction | null {
  const key = `${method} ${path} ${status}`;
  if (compiled.has(key)) return compiled.get(key)!;
  const d = openapiDocument();
  const op = (d.paths?.[path] as Record<string, { responses?: Record<string, { content?: Record<string, { schema?: object }> }> }> | undefined)?.[method];
  if (!op) throw new Error(`${method.toUpperCase()} ${path} is not in the OpenAPI document`);
  const answer = op.responses?.[String(status)];
  if (!answer)
    throw new Error(
      `${method.toUpperCase()} ${path} answered ${status}, which the OpenAPI document does not list (${Object.keys(op.responses ?? {}).join(', ')})`,
    );
  const schema = answer.content?.['application/json']?.schema;
  const v = schema ? ajv.compile({ ...schema, components: d.components }) : null;
  compiled.set(key, v);
  return v;
}

/** Checks one received answer against the document. */
export function expectDocumented(res: Pick<Response, 'status' | 'body' | 'headers'>, method: string, path: string): void {
  const v = validatorOf(method.toLowerCase(), path, res.status);
  if (!v) return;
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json'))
    throw new Error(`${method.toUpperCase()} ${path} ${res.status}: documented as JSON, got ${String(res.headers['content-type'])}`);
  if (!v(res.body))
    throw new Error(
      `${method.toUpperCase()} ${path} ${res.status} does not match its documented schema: ${ajv.errorsText(v.errors)}\n${JSON.stringify(res.body)}`,
    );
}

/** Awaits the request and checks its answer (documented status, body matching the schema). */
export async function documented(req: PromiseLike<Response>, method: string, path: string): Promise<Response> {
  const res = await req;
  expectDocumented(res, method, path);
  return res;
}

/** Checks one CRM webhook event as received against the document's `webhooks` entry of its type. */
export function expectDocumentedWebhook(event: { type: string }): void {
  const d = openapiDocument();
  const key = `webhook ${event.type}`;
  if (!compiled.has(key)) {
    const entry = (d.webhooks?.[event.type] as { post?: { requestBody?: { content?: Record<string, { schema?: object }> } } } | undefined)?.post;
    const schema = entry?.requestBody?.content?.['application/json']?.schema;
    if (!schema) throw new Error(`The webhook event ${event.type} is not in the OpenAPI document's webhooks`);
    compiled.set(key, ajv.compile({ ...schema, components: d.components }));
  }
  const v = compiled.get(key)!;
  const ok = v(event as unknown);
  if (!ok) throw new Error(`The ${event.type} event does not match its documented schema: ${ajv.errorsText(v.errors)}\n${JSON.stringify(event)}`);
}
