// The voice-AI webhook carries the consumer's consent record (issue 19 item 1): source page URL, time,
// IP, the consent text, a TrustedForm or Jornaya certificate with its claim expiry, the AI-voice
// disclosure and the call's recording; they land on the appointment (and its compliance file). A bad value
// is a 400 naming the payload's own field; nothing is stored.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { Appointment, BrightcallCallback } from '../../models/index.ts';
import { toIso } from '../../db/dates.ts';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CALLBACK_CONSENT_FIELDS } from '../../services/brightcall/webhook-payload.ts';

const KEY = 'bc_live_key_consent_0123456789';
let ctx: TestContext;
const payload = {
  first_name: 'Dana',
  last_name: 'Whitfield',
  phone_number: '(512) 555-0142',
  transcript: 'AI: Hi Dana, this is an automated assistant...',
  callback_time: '2026-01-15T14:00:00-06:00',
};
const post = (body: Record<string, unknown>) => request(ctx.app).post('/api/callbacks/brightcall').set('x-api-key', KEY).send(body);
const appointmentOf = (callbackId: number) => Appointment.query(ctx.db).where({ brightcallCallbackId: callbackId }).first();

beforeAll(async () => {
  ctx = await createTestApp({ config: { brightcall: { apiKey: KEY, widgetKey: 'w' } } });
});
afterAll(() => ctx.close());

describe('POST /api/callbacks/brightcall with a consent record', () => {
  it('stores every consent field, the AI disclosure and the recording on the appointment', async () => {
    const res = await post({
      ...payload,
      consent_source_url: 'https://quotes.example.com/final-expense?utm=x',
      consent_at: '2026-01-14T09:30:00-05:00',
      consent_ip: '203.0.113.9',
      consent_text: 'By clicking Submit I agree to be contacted by an automated assistant.',
      certificate_id: 'https://cert.trustedform.com/0123456789abcdef0123456789abcdef01234567',
      certificate_claim_expires_at: '2026-01-17T14:30:00Z',
      ai_disclosure: 'This call is from an AI assistant on behalf of TransferLine.',
      recording_url: 'https://rec.example.com/calls/42.mp3',
    });
    expect(res.status).toBe(200);
    const a = await appointmentOf(res.body.callback_id);
    expect({
      consentSourceUrl: a?.consentSourceUrl,
      consentAt: toIso(a?.consentAt),
      consentIp: a?.consentIp,
      consentText: a?.consentText,
      certificateKind: a?.certificateKind,
      certificateId: a?.certificateId,
      certificateClaimExpiresAt: toIso(a?.certificateClaimExpiresAt),
      aiDisclosure: a?.aiDisclosure,
      recordingUrl: a?.recordingUrl,
    }).toEqual({
      consentSourceUrl: 'https://quotes.example.com/final-expense?utm=x',
      consentAt: '2026-01-14T14:30:00.000Z',
      consentIp: '203.0.113.9',
      consentText: 'By clicking Submit I agree to be contacted by an automated assistant.',
      certificateKind: 'trustedform',
      certificateId: 'https://cert.trustedform.com/0123456789abcdef0123456789abcdef01234567',
      certificateClaimExpiresAt: '2026-01-17T14:30:00.000Z',
      aiDisclosure: 'This call is from an AI assistant on behalf of TransferLine.',
      recordingUrl: 'https://rec.example.com/calls/42.mp3',
    });
  });

  it('reads a Jornaya LeadiD by its shape, takes an explicit kind, and stores nothing when none is sent', async () => {
    const jornaya = await post({ ...payload, certificate_id: '7C9E6679-7425-40DE-944B-E07FC1F90AE7' });
    expect((await appointmentOf(jornaya.body.callback_id))?.certificateKind).toBe('jornaya');
    const explicit = await post({ ...payload, certificate_kind: 'jornaya', certificate_id: 'LEADID-123' });
    expect(await appointmentOf(explicit.body.callback_id)).toMatchObject({ certificateKind: 'jornaya', certificateId: 'LEADID-123' });
    const none = await post(payload);
    expect(await appointmentOf(none.body.callback_id)).toMatchObject({ consentAt: null, certificateId: null, aiDisclosure: null });
  });

  it('answers 400 naming each bad field, and stores nothing', async () => {
    const before = (await BrightcallCallback.query(ctx.db)).length;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ consent_source_url: 'javascript:alert(1)' }, 'consent_source_url', 'consent_source_url must be an http(s) URL'],
      [{ consent_at: '2026-01-14 09:30' }, 'consent_at', 'consent_at must be an ISO 8601 date-time with a time zone'],
      [{ consent_ip: '999.1.1.1' }, 'consent_ip', 'consent_ip must be an IP address'],
      [{ consent_text: 'x'.repeat(5001) }, 'consent_text', 'consent_text is at most 5000 characters'],
      [{ certificate_kind: 'acme', certificate_id: 'abc' }, 'certificate_kind', 'certificate_kind must be trustedform or jornaya'],
      [{ certificate_id: 'not-a-known-shape' }, 'certificate_kind', 'certificate_kind (trustedform or jornaya) is required with this certificate_id'],
      [{ certificate_claim_expires_at: 'soon' }, 'certificate_claim_expires_at', 'certificate_claim_expires_at must be an ISO 8601 date-time with a time zone'],
      [{ ai_disclosure: 42 }, 'ai_disclosure', 'ai_disclosure must be text'],
      [{ recording_url: 'ftp://rec.example.com/x.mp3' }, 'recording_url', 'recording_url must be an http(s) URL'],
    ];
    for (const [extra, field, message] of cases) {
      const res = await post({ ...payload, ...extra });
      expect(res.status, field).toBe(400);
      expect(res.body.fields, field).toEqual({ [field]: message });
      expect(res.body.error, field).toBe(`Invalid fields: ${field}`);
    }
    expect(await BrightcallCallback.query(ctx.db)).toHaveLength(before);
  });
});

describe('the public webhook documentation', () => {
  it('/brightcalldocs lists every proof-of-consent field the webhook accepts', () => {
    const page = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../marketing/src/pages/brightcalldocs.astro'), 'utf8');
    for (const field of [...Object.keys(CALLBACK_CONSENT_FIELDS), 'ai_disclosure', 'recording_url']) expect(page).toContain(`  ${field}: [`);
  });
});
