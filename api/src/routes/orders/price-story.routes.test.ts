// One price story (decision 186): a buyer who paid the public Standard rate ($40.00) in the funnel sees,
// in the portal, $35.00 labelled as the agent rate with the reason; the receipt (page and e-mail) of each
// order says which price it was bought at; the admin's user page gives the same price and source; a
// negotiated price replaces the agent rate everywhere at once.
import { describe, it, expect } from 'vitest';
import request from 'supertest';
import { loginAs, makeUser } from '../../test/harness.ts';
import { useMailTestApp } from '../../test/smtp-sink.ts';
import { payIntent } from '../../test/proof-fixtures.ts';
import { REORDER_NOTE } from '@tm/shared/logic/price-story';

const mail = useMailTestApp();
const ORDER = { totalTransfers: 3, callsPerDay: 5, transferHours: '9am-5pm EST', transferPhone: '5125550123', workingStates: 'TX', leadType: 'Live Transfers' };

describe('one price story for live transfers', () => {
  it('public Standard at $40.00 in the funnel, the agent rate of $35.00 in the portal, each receipt naming its price', async () => {
    const buyer = await makeUser(mail.ctx.db, { email: 'story.buyer@example.com' });
    const me = await loginAs(mail.ctx.app, buyer.email, buyer.password);
    const a = await makeUser(mail.ctx.db, { isAdmin: true });
    const admin = await loginAs(mail.ctx.app, a.email, a.password);

    // The funnel: 2 transfers on the public Standard tier.
    const pkg = await me.post('/api/create-payment-intent').send({ callCount: 2, tier: 'standard' });
    expect(pkg.status, JSON.stringify(pkg.body)).toBe(200);
    await payIntent(mail.ctx, pkg.body.clientSecret);
    await mail.ctx.emulator.flush();
    const pkgReceipt = await me.get(`/api/orders/${pkg.body.orderId}/receipt`);
    expect(pkgReceipt.body).toMatchObject({ unitPriceCents: 4000, priceBasis: 'Standard tier, public price' });

    // The portal: the agent rate, and where it comes from.
    const meView = (await me.get('/api/current-user')).body;
    expect(meView).toMatchObject({ liveTransferPriceCents: 3500, liveTransferPriceSource: 'agent-rate' });
    const adminView = (await admin.get(`/api/admin/users/${buyer.id}`)).body.user;
    expect(adminView).toMatchObject({ liveTransferPriceCents: null, effectiveLiveTransferPriceCents: 3500 });

    const dash = await me.post('/api/call-transfer-order').send(ORDER);
    expect(dash.status, JSON.stringify(dash.body)).toBe(201);
    expect(dash.body.unitPriceCents).toBe(meView.liveTransferPriceCents);
    await payIntent(mail.ctx, dash.body.clientSecret);
    await mail.ctx.emulator.flush();
    const dashReceipt = await me.get(`/api/orders/${dash.body.orderId}/receipt`);
    expect(dashReceipt.body).toMatchObject({ unitPriceCents: 3500, priceBasis: 'Agent rate' });

    await mail.drain();
    const mails = mail.sink.to(buyer.email).filter((m) => m.subject?.startsWith('Receipt'));
    const pkgMail = mails.find((m) => m.subject?.endsWith(`#${pkg.body.orderId}`))!;
    expect(pkgMail.text).toContain('Live transfers (Standard tier, public price): 2 × $40.00 = $80.00');
    expect(pkgMail.text).toContain(REORDER_NOTE);
    expect(REORDER_NOTE).toContain('$35.00');
    const dashMail = mails.find((m) => m.subject?.endsWith(`#${dash.body.orderId}`))!;
    expect(dashMail.text).toContain('(Agent rate): 3 × $35.00 = $105.00');

    // A negotiated price replaces the agent rate in the portal and the admin's page, and on the next receipt;
    // the earlier receipt keeps the price it was bought at.
    expect((await admin.patch(`/api/admin/users/${buyer.id}`).send({ liveTransferPrice: '29.50' })).status).toBe(200);
    expect((await me.get('/api/current-user')).body).toMatchObject({ liveTransferPriceCents: 2950, liveTransferPriceSource: 'negotiated' });
    expect((await admin.get(`/api/admin/users/${buyer.id}`)).body.user).toMatchObject({ effectiveLiveTransferPriceCents: 2950 });
    const next = await me.post('/api/call-transfer-order').send(ORDER);
    await payIntent(mail.ctx, next.body.clientSecret);
    await mail.ctx.emulator.flush();
    expect((await me.get(`/api/orders/${next.body.orderId}/receipt`)).body).toMatchObject({ unitPriceCents: 2950, priceBasis: 'Your negotiated price' });
    expect((await me.get(`/api/orders/${dash.body.orderId}/receipt`)).body.priceBasis).toBe('Agent rate');
    expect((await request(mail.ctx.app).get('/api/current-user')).body).toEqual({ user: null }); // a visitor (decision 224)
  });
});
