// The OpenAPI document as the public docs pages show it (marketing/src/components/ApiReference.astro):
// operations by tag and webhook events, each with its request fields and answers as rows of
// name, type, required and notes. Pure functions over the generated document.
type Json = Record<string, unknown>;
type Components = { schemas?: Record<string, Json> };

export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  notes: string;
}
export interface AnswerView {
  status: string;
  description: string;
  /** The component name of the body (e.g. TransferAccepted), when it is one. */
  schemaName: string | null;
  fields: FieldRow[];
}
export interface OperationView {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  security: string[];
  query: FieldRow[];
  body: FieldRow[];
  answers: AnswerView[];
}

const refName = (s: Json): string | null => (typeof s.$ref === 'string' ? s.$ref.split('/').pop()! : null);

function resolve(s: Json | undefined, c: Components): Json {
  if (!s) return {};
  const name = refName(s);
  return name ? resolve(c.schemas?.[name], c) : s;
}

/** A short type: "string", "integer ≥ 1", "one of a, b", "object (TransferAccepted)", "string or null". */
export function typeText(raw: Json | undefined, c: Components): string {
  if (!raw) return 'any';
  const name = refName(raw);
  const s = resolve(raw, c);
  const alts = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (alts) {
    const parts = [...new Set(alts.map((a) => typeText(a, c)))];
    return parts.join(' or ');
  }
  if (Array.isArray(s.enum)) return `one of ${(s.enum as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  if ('const' in s) return JSON.stringify(s.const);
  const t = Array.isArray(s.type) ? (s.type as string[]).join(' or ') : String(s.type ?? (s.properties ? 'object' : 'any'));
  if (t === 'array') return `list of ${typeText(s.items as Json, c)}`;
  if (t === 'object') return name ? `object (${name})` : 'object';
  const bits: string[] = [];
  if (typeof s.format === 'string') bits.push(s.format);
  if (typeof s.minimum === 'number' && s.minimum > -1e15) bits.push(`≥ ${s.minimum}`);
  if (typeof s.exclusiveMinimum === 'number') bits.push(`> ${s.exclusiveMinimum}`);
  if (typeof s.maximum === 'number' && s.maximum < 1e15) bits.push(`≤ ${s.maximum}`);
  if (typeof s.maxLength === 'number') bits.push(`max ${s.maxLength}`);
  return bits.length ? `${t} (${bits.join(', ')})` : t;
}

/** The properties of an object schema as rows; nested objects add their fields as `parent.child`. */
export function fieldRows(raw: Json | undefined, c: Components, prefix = ''): FieldRow[] {
  const s = resolve(raw, c);
  const alts = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (alts && !s.properties) {
    const rows = alts.flatMap((a) => fieldRows(a, c, prefix));
    const seen = new Set<string>();
    return rows.filter((r) => (seen.has(r.name) ? false : (seen.add(r.name), true)));
  }
  const props = (s.properties ?? {}) as Record<string, Json>;
  const required = new Set((s.required as string[] | undefined) ?? []);
  const rows: FieldRow[] = [];
  for (const [k, v] of Object.entries(props)) {
    const name = prefix + k;
    const inner = resolve(v, c);
    rows.push({ name, type: typeText(v, c), required: required.has(k), notes: typeof inner.description === 'string' ? inner.description : '' });
    if (inner.properties && !refName(v)) rows.push(...fieldRows(inner, c, `${name}.`));
  }
  if (s.additionalProperties && typeof s.additionalProperties === 'object' && !rows.length)
    rows.push({ name: `${prefix}<name>`, type: typeText(s.additionalProperties as Json, c), required: false, notes: '' });
  return rows;
}

type Op = {
  summary?: string;
  description?: string;
  operationId?: string;
  security?: Array<Record<string, unknown>>;
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: Json; description?: string }>;
  requestBody?: { content?: Record<string, { schema?: Json }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Json }> }>;
};

function view(method: string, path: string, op: Op, c: Components): OperationView {
  return {
    id: op.operationId ?? `${method}-${path}`,
    method: method.toUpperCase(),
    path,
    summary: op.summary ?? '',
    description: op.description ?? '',
    security: (op.security ?? []).flatMap((r) => Object.keys(r)),
    query: (op.parameters ?? [])
      .filter((p) => p.in === 'query')
      .map((p) => ({ name: p.name, type: typeText(p.schema, c), required: Boolean(p.required), notes: p.description ?? '' })),
    body: fieldRows(op.requestBody?.content?.['application/json']?.schema, c),
    answers: Object.entries(op.responses ?? {}).map(([status, r]) => {
      const schema = r.content?.['application/json']?.schema;
      return { status, description: r.description ?? '', schemaName: schema ? refName(schema) : null, fields: schema ? fieldRows(schema, c) : [] };
    }),
  };
}

interface DocLike {
  paths?: Record<string, Record<string, unknown>>;
  webhooks?: Record<string, Record<string, unknown>>;
  components?: Components;
}

/** The document's operations with one of `tags` (all without), in document order. */
export function operationsOf(doc: DocLike, tags?: string[]): OperationView[] {
  const c = doc.components ?? {};
  const out: OperationView[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      const o = op as Op & { tags?: string[] };
      if (tags && !o.tags?.some((t) => tags.includes(t))) continue;
      out.push(view(method, path, o, c));
    }
  }
  return out;
}

/** The webhook events (name, then the POST TransferLine sends). */
export function webhooksOf(doc: DocLike): Array<{ event: string; operation: OperationView }> {
  const c = doc.components ?? {};
  return Object.entries(doc.webhooks ?? {}).map(([event, item]) => ({ event, operation: view('post', event, item.post as Op, c) }));
}
