// Ad attribution end to end through the API (issue 37, decisions 232-234): the touches a checkout sends are cut
// and dated, kept on the order and the new account; the campaign report counts the order and the account;
// Google Ads' offline-conversion CSV and Meta's Purchase events carry the order at its net value after refunds;
// Meta's hashing follows the normalisation examples of Meta's documentation; the sign-ups keep theirs too.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import crypto from 'node:crypto';
import request from 'supertest';
import { TIERS } from '@tm/shared';
import { ATTRIBUTION_LIMITS } from '@tm/shared/logic/attribution';
import { createTestApp, loggedInUser, type TestContext } from '../../test/harness.ts';
import { agentLabBody, checkoutBuyer, ringcloudSurveyBody, testConfirm } from '../../test/proof-fixtures.ts';
import { Attribution, OnboardingSurvey, Order, User } from '../../models/index.ts';
import { metaEmailHash, metaPhoneHash, GOOGLE_ADS_COLUMNS } from '../../services/marketing/conversions.service.ts';

const DAY = 24 * 60 * 60 * 1000;
const RATE = TIERS.standard.rateCents;
// A fixed clock (a Tuesday afternoon in New York) so the report's day bounds are known.
const NOW = new Date('2026-11-24T20:00:00.000Z');

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loggedInUser>>['agent'];

beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set(NOW);
  admin = (await loggedInUser(ctx, { isAdmin: true })).agent;
});
afterAll(() => ctx.close());

const touch = (over: Record<string, unknown> = {}, daysAgo = 1) => ({
  source: 'google',
  medium: 'cpc',
  campaign: 'fex-tx',
  gclid: 'TEST123',
  landing: '/standard-pricing',
  at: new Date(NOW.getTime() - daysAgo * DAY).toISOString(),
  ...over,
});

/** An anonymous funnel buyer's paid standard package, sent with `attribution`. */
async function paidFunnelOrder(count: number, attribution: unknown, email = `buyer.${crypto.randomUUID()}@example.com`) {
  const created = await request(ctx.app)
    .post('/api/create-payment-intent')
    .set('User-Agent', 'Mozilla/5.0 (test)')
    .send({ callCount: count, tier: 'standard', ...checkoutBuyer(), email, attribution });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const confirm = await testConfirm(ctx.app, created.body.clientSecret as string);
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
  await ctx.emulator.flush();
  const orderId = Number(created.body.orderId);
  const order = await Order.query(ctx.db).findById(orderId);
  expect(order?.status).toBe('paid');
  return { orderId, order: order!, email };
}

const range = (from = '2026-11-24', to = '2026-11-24') => `from=${from}&to=${to}&tz=America/New_York`;

describe('attribution kept with the order and the account', () => {
  it('cuts oversized values, drops what is not text, never refuses the checkout, and keeps first and last touch', async () => {
    const huge = 'x'.repeat(5000);
    const { order, email } = await paidFunnelOrder(5, {
      first: touch({ source: 'facebook', medium: 'paid_social', campaign: 'fb-spring', gclid: null, fbclid: 'FB.abc' }, 10),
      last: touch({
        campaign: `<script>alert(1)</script>${huge}`,
        term: { nested: true },
        content: ['a'],
        referrer: `https://www.google.com/${huge}`,
        source: 'goo\u0000gle\n',
      }),
    });
    const a = await Attribution.query(ctx.db).findById(order.attributionId!);
    expect(a).toMatchObject({
      firstSource: 'facebook',
      firstCampaign: 'fb-spring',
      firstFbclid: 'FB.abc',
      lastSource: 'google',
      lastGclid: 'TEST123',
      lastTerm: null,
      lastContent: null,
    });
    expect(a!.lastCampaign).toHaveLength(ATTRIBUTION_LIMITS.campaign);
    expect(a!.lastCampaign!.startsWith('<script>alert(1)</script>xxx')).toBe(true);
    expect(a!.lastReferrer).toHaveLength(ATTRIBUTION_LIMITS.referrer);
    expect(a!.userAgent).toBe('Mozilla/5.0 (test)');
    // The account made at payment keeps what brought it.
    const user = await User.query(ctx.db).where({ email }).first();
    expect(user?.attributionId).toBe(order.attributionId);
    const detail = (await admin.get(`/api/admin/users/${user!.id}`)).body;
    expect(detail.attribution.label).toBe(`google / cpc / ${a!.lastCampaign}`);
  });

  it('a bad attribution (text, a number, a list, garbage dates) never breaks a checkout', async () => {
    for (const bad of ['not json', 42, [1, 2], { first: { at: 'yesterday', source: 'x' }, last: { at: 12 } }, { last: null }]) {
      const { order } = await paidFunnelOrder(5, bad);
      expect(order.attributionId).toBeNull();
    }
  });

  it('a first touch 91 days old is gone: the last touch stands as the first; a touch dated ahead is dated now', async () => {
    const { order } = await paidFunnelOrder(5, {
      first: touch({ source: 'bing', campaign: 'old-one', gclid: null }, 91),
      last: touch({ campaign: 'fresh' }, -3),
    });
    const a = await Attribution.query(ctx.db).findById(order.attributionId!);
    expect(a).toMatchObject({ firstSource: 'google', firstCampaign: 'fresh', lastCampaign: 'fresh' });
    expect(new Date(`${String(a!.lastAt).replace(' ', 'T')}Z`).toISOString()).toBe(NOW.toISOString());
    // 89 days is still kept.
    const kept = await paidFunnelOrder(5, { first: touch({ campaign: 'old-but-fresh' }, 89), last: touch({ campaign: 'fresh' }) });
    expect((await Attribution.query(ctx.db).findById(kept.order.attributionId!))?.firstCampaign).toBe('old-but-fresh');
  });

  it('the admin order shows the campaign, and the values come back as text (never markup)', async () => {
    const { orderId } = await paidFunnelOrder(5, { last: touch({ campaign: '<img src=x onerror=alert(1)>' }) });
    const res = await admin.get(`/api/admin/orders/${orderId}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body.attribution).toMatchObject({ label: 'google / cpc / <img src=x onerror=alert(1)>', last: { gclid: 'TEST123', source: 'google' } });
  });

  it('the RingCloud survey, the agent-lab sign-up and the partner application keep theirs', async () => {
    const rc = await request(ctx.app)
      .post('/api/ringcloud-survey')
      .send({ ...ringcloudSurveyBody(), attribution: { last: touch({ campaign: 'rc-camp' }) } });
    expect(rc.status, JSON.stringify(rc.body)).toBe(201);
    const rcSurvey = await OnboardingSurvey.query(ctx.db).findById(rc.body.surveyId);
    expect((await Attribution.query(ctx.db).findById(rcSurvey!.attributionId!))?.lastCampaign).toBe('rc-camp');

    const lab = await request(ctx.app)
      .post('/api/survey')
      .send({ ...agentLabBody(), attribution: { last: touch({ campaign: 'lab-camp' }) } });
    expect(lab.status, JSON.stringify(lab.body)).toBe(201);
    const labSurvey = await OnboardingSurvey.query(ctx.db).findById(lab.body.surveyId);
    expect((await Attribution.query(ctx.db).findById(labSurvey!.attributionId!))?.lastCampaign).toBe('lab-camp');
    const labUser = await User.query(ctx.db).findById(labSurvey!.userId!);
    expect(labUser?.attributionId).toBe(labSurvey!.attributionId);

    const partner = await request(ctx.app)
      .post('/api/affnetwork-signup')
      .field('businessName', 'Lead Co')
      .field('contactName', 'Lee Partner')
      .field('email', `partner.${crypto.randomUUID()}@example.com`)
      .field('phone', '5550109999')
      .field('website', 'leadco.example')
      .field('businessType', 'Call Center')
      .field('experienceYears', '3-5 years')
      .field('monthlyVolume', '1000-5000')
      .field('servicesInterested', JSON.stringify(['Aged Leads']))
      .field('targetMarkets', 'TX')
      .field('businessDescription', 'We run a compliant call center that generates final expense leads daily.')
      .field('whyPartner', 'We want a steady buyer for our final expense leads and live transfers here.')
      .field('agreeToTerms', 'true')
      .field('attribution', JSON.stringify({ last: touch({ campaign: 'partner-camp' }) }));
    expect(partner.status, JSON.stringify(partner.body)).toBe(201);
    const app = await ctx.db('partner_applications').where({ id: partner.body.applicationId }).first('attribution_id as attributionId');
    expect((await Attribution.query(ctx.db).findById(app.attributionId))?.lastCampaign).toBe('partner-camp');
  });
});

describe('the campaign report and the conversion exports', () => {
  it('counts the order and the new agent; Google Ads gets the gclid row at net value, and a partial refund lowers it', async () => {
    const campaign = `fex-tx-${crypto.randomUUID().slice(0, 8)}`;
    const gclid = `TEST123-${campaign}`;
    const { orderId, email } = await paidFunnelOrder(10, { first: touch({ campaign, gclid }, 5), last: touch({ campaign, gclid }) });

    const report = await admin.get(`/api/admin/reports/campaigns?${range()}`);
    expect(report.status).toBe(200);
    const row = report.body.rows.find((r: { campaign: string }) => r.campaign === campaign);
    expect(row).toEqual({ source: 'google', medium: 'cpc', campaign, orders: 1, grossCents: 10 * RATE, netCents: 10 * RATE, newAgents: 1 });
    const csv = await admin.get(`/api/admin/reports/campaigns.csv?${range()}`);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.text).toContain(`"google","cpc","${campaign}",1,"${(10 * RATE) / 100}.00","${(10 * RATE) / 100}.00",1`);

    const google = async () => (await admin.get(`/api/admin/conversions/google-ads.csv?${range()}&conversionName=Paid%20agent`)).text.split('\r\n');
    let lines = await google();
    expect(lines[0]).toBe(GOOGLE_ADS_COLUMNS.map((c) => `"${c}"`).join(','));
    // 15:00 New York time (EST, -05:00) for the payment at 20:00 UTC.
    expect(lines).toContain(`"${gclid}","Paid agent","2026-11-24 15:00:00-05:00","${((10 * RATE) / 100).toFixed(2)}","USD"`);

    const refund = await admin
      .post(`/api/admin/orders/${orderId}/refunds`)
      .send({ amountCents: 3 * RATE, idempotencyKey: crypto.randomUUID(), reason: 'Three calls refunded' });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    lines = await google();
    expect(lines).toContain(`"${gclid}","Paid agent","2026-11-24 15:00:00-05:00","${((7 * RATE) / 100).toFixed(2)}","USD"`);
    const after = (await admin.get(`/api/admin/reports/campaigns?${range()}`)).body.rows.find((r: { campaign: string }) => r.campaign === campaign);
    expect(after).toMatchObject({ grossCents: 10 * RATE, netCents: 7 * RATE });

    const meta = await admin.get(`/api/admin/conversions/meta.json?${range()}`);
    const event = meta.body.data.find((e: { event_id: string }) => e.event_id === String(orderId));
    expect(event).toEqual({
      event_name: 'Purchase',
      event_time: Math.floor(NOW.getTime() / 1000),
      event_id: String(orderId),
      action_source: 'website',
      event_source_url: `${ctx.config.publicOrigin}/checkout`,
      user_data: { em: [metaEmailHash(email)], ph: [metaPhoneHash(checkoutBuyer().phone)], client_user_agent: 'Mozilla/5.0 (test)' },
      custom_data: { value: (7 * RATE) / 100, currency: 'USD' },
    });

    // The next day in New York holds none of it.
    const next = (await admin.get(`/api/admin/reports/campaigns?${range('2026-11-25', '2026-11-25')}`)).body.rows;
    expect(next.find((r: { campaign: string }) => r.campaign === campaign)).toBeUndefined();
  });

  it('leaves out a gclid clicked more than 90 days before the payment, and orders without one', async () => {
    const { orderId } = await paidFunnelOrder(5, { last: touch({ campaign: 'no-click', gclid: null, source: 'newsletter', medium: 'email' }) });
    const text = (await admin.get(`/api/admin/conversions/google-ads.csv?${range()}`)).text;
    expect(text).not.toContain('no-click');
    const meta = (await admin.get(`/api/admin/conversions/meta.json?${range()}`)).body.data;
    expect(meta.some((e: { event_id: string }) => e.event_id === String(orderId))).toBe(true);
  });

  it('builds fbc from the fbclid and when it was seen', async () => {
    const seen = new Date(NOW.getTime() - 2 * DAY);
    const { orderId } = await paidFunnelOrder(5, { last: { source: 'facebook', medium: 'cpc', fbclid: 'IwAR-test', at: seen.toISOString() } });
    const meta = (await admin.get(`/api/admin/conversions/meta.json?${range()}`)).body.data;
    expect(meta.find((e: { event_id: string }) => e.event_id === String(orderId)).user_data.fbc).toBe(`fb.1.${seen.getTime()}.IwAR-test`);
  });

  it('refuses a missing or backwards range with the field named', async () => {
    const none = await admin.get('/api/admin/reports/campaigns');
    expect(none.status).toBe(400);
    expect(none.body.fields).toHaveProperty('from');
    const backwards = await admin.get('/api/admin/conversions/google-ads.csv?from=2026-11-25&to=2026-11-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.fields).toHaveProperty('to');
  });
});

describe("Meta's hashing (the normalisation examples of Meta's customer information parameters)", () => {
  it('em: trimmed and lower case, then SHA-256', () => {
    expect(metaEmailHash('John_Smith@gmail.com')).toBe('62a14e44f765419d10fea99367361a727c12365e2520f32218d505ed9aa0f62f');
    expect(metaEmailHash('  John_Smith@gmail.com ')).toBe('62a14e44f765419d10fea99367361a727c12365e2520f32218d505ed9aa0f62f');
  });
  it('ph: symbols removed, with the US country code, then SHA-256', () => {
    expect(metaPhoneHash('(650)555-1212')).toBe('e323ec626319ca94ee8bff2e4c87cf613be6ea19919ed1364124e16807ab3176');
    expect(metaPhoneHash('+1 (650) 555-1212')).toBe('e323ec626319ca94ee8bff2e4c87cf613be6ea19919ed1364124e16807ab3176');
  });
});
