// The docs pages' view of the OpenAPI document (ApiReference.astro): operations with their fields and
// answers, and the CRM webhook events, read from the generated document.
import { describe, it, expect } from 'vitest';
import { integratorDocument } from './document.ts';
import { operationsOf, webhooksOf } from './render.ts';
import { TRANSFER_REFUSAL_REASONS } from '../schemas/integrations.ts';

const doc = integratorDocument() as unknown as Parameters<typeof operationsOf>[0];

describe('operationsOf / webhooksOf', () => {
  it('shows the transfer callback with its fields from the shared schema and every documented answer', () => {
    const ops = operationsOf(doc, ['Caller system']);
    expect(ops.map((o) => `${o.method} ${o.path}`)).toEqual([
      'POST /api/callbacks/transfer',
      'POST /api/callbacks/transfer/check',
      'GET /api/callbacks/transfer/check',
      'POST /api/callbacks/attempts',
    ]);
    const cb = ops[0]!;
    expect(cb.body.find((r) => r.name === 'callId')).toMatchObject({ required: true, type: 'string (max 128)' });
    expect(cb.body.find((r) => r.name === 'kind')).toMatchObject({ required: false, type: 'one of "transfer", "callback"' });
    expect(cb.answers.map((a) => a.status).sort()).toEqual(['200', '201', '400', '401', '404', '409', '422', '429']);
    expect(cb.answers.find((a) => a.status === '422')!.schemaName).toBe('TransferRefusal');
    expect(cb.security).toEqual(['transferKey']);
    const check = ops[2]!;
    expect(check.query.map((q) => q.name).sort()).toEqual(['agentEmail', 'agentId', 'state']);
  });

  it('lists the refusal reasons the caller system can get', () => {
    const refusal = operationsOf(doc, ['Caller system'])[0]!.answers.find((a) => a.status === '422')!;
    expect(refusal.fields.find((r) => r.name === 'code')!.type).toBe(`one of ${TRANSFER_REFUSAL_REASONS.map((r) => JSON.stringify(r)).join(', ')}`);
  });

  it('shows each CRM event with its nested payload fields', () => {
    const events = webhooksOf(doc);
    expect(events.map((e) => e.event)).toEqual(['lead.bought', 'appointment.bought', 'appointment.assigned', 'transfer.delivered', 'test.ping']);
    const transfer = events.find((e) => e.event === 'transfer.delivered')!.operation.body;
    expect(transfer.find((r) => r.name === 'data.transfer.chargeCents')).toMatchObject({ type: 'integer', required: true });
  });
});
