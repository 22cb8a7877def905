// Order e-mails through the real payment path (emulated provider, webhook) and a real SMTP server:
// the receipt on payment (items, count, rate, amount, link), an .ics invitation per appointment bought,
// and "payment failed" for a declined card. Each arrives once, even when the webhook repeats.
import { describe, it, expect } from 'vitest';
import { loginAs, makeUser } from '../../test/harness.ts';
import { useMailTestApp } from '../../test/smtp-sink.ts';
import { insertAppointment, insertLead, payIntent } from '../../test/proof-fixtures.ts';

const mail = useMailTestApp();

async function buy(agent: Awaited<ReturnType<typeof loginAs>>, path: string, body: object, pm: string) {
  const res = await agent.post(path).send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await payIntent(mail.ctx, res.body.clientSecret, pm).catch(() => undefined); // a declined card throws
  await mail.ctx.emulator.flush();
  return res.body as { orderId: number; paymentIntentId: string };
}

describe('order e-mails', () => {
  it('a paid lead order: one receipt with the items, count, rate, amount and a link to the receipt page', async () => {
    const user = await makeUser(mail.ctx.db, { email: 'receipt.leads@example.com', firstName: 'Rene' });
    const agent = await loginAs(mail.ctx.app, user.email, user.password);
    const ids = [await insertLead(mail.ctx.db), await insertLead(mail.ctx.db), await insertLead(mail.ctx.db, { priceCents: 1500 })];
    const order = await buy(agent, '/api/bulk-purchase-leads', { leadIds: ids }, 'pm_card_visa');
    await mail.ctx.emulator.flush();
    await mail.drain();
    const mails = mail.sink.to(user.email);
    expect(mails).toHaveLength(1);
    const m = mails[0]!;
    expect(m.subject).toBe(`Receipt for your TransferLine order #${order.orderId}`);
    expect(m.text).toContain('Leads: 2 × $10.00 = $20.00');
    expect(m.text).toContain('Leads: 1 × $15.00 = $15.00');
    expect(m.text).toContain('Total: $35.00');
    expect(m.text).toContain(`${mail.ctx.config.publicOrigin}/dashboard/receipts/${order.orderId}`);
    expect(m.html).toContain('$35.00');
    expect(m.html).not.toMatch(/<img/i);
  });

  it('shows the last four card digits when the order has them', async () => {
    const user = await makeUser(mail.ctx.db, { email: 'receipt.card@example.com' });
    const agent = await loginAs(mail.ctx.app, user.email, user.password);
    const res = await agent.post('/api/bulk-purchase-leads').send({ leadIds: [await insertLead(mail.ctx.db)] });
    await mail.ctx.db('orders').where({ id: res.body.orderId }).update({ cardLast4: '4242' });
    await payIntent(mail.ctx, res.body.clientSecret);
    await mail.ctx.emulator.flush();
    await mail.drain();
    expect(mail.sink.to(user.email)[0]!.text).toContain('Card: ending in 4242');
  });

  it('an appointment bought: the receipt and an invitation with an .ics for its time', async () => {
    const user = await makeUser(mail.ctx.db, { email: 'appt.ics@example.com' });
    const agent = await loginAs(mail.ctx.app, user.email, user.password);
    const apptId = await insertAppointment(mail.ctx.db, { customerName: 'Ada Byron', extractedAppointmentDateTime: '2026-06-10T17:30:00Z' });
    await buy(agent, '/api/vapi/create-appointment-payment', { appointmentIds: [apptId] }, 'pm_card_visa');
    await mail.drain();
    const mails = mail.sink.to(user.email);
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [expect.stringMatching(/^Receipt for your TransferLine order #\d+$/), 'Your appointment on Wed, Jun 10, 2026, 1:30 PM EDT'].sort(),
    );
    const invite = mails.find((m) => m.subject?.startsWith('Your appointment'))!;
    const ics = invite.attachments.find((a) => a.filename === `appointment-${apptId}.ics`);
    expect(ics).toBeTruthy();
    const body = ics!.content.toString('utf8');
    expect(body).toContain('BEGIN:VCALENDAR');
    expect(body).toContain('DTSTART:20260610T173000Z');
    expect(body).toContain('SUMMARY:Appointment with Ada Byron');
  });

  it('gives the appointment time in the agent zone: their Transfer Controls zone, else their state, never GMT', async () => {
    const pacific = await makeUser(mail.ctx.db, { email: 'appt.pacific@example.com', state: 'TX' });
    await mail.ctx.db('agent_transfer_settings').insert({ userId: pacific.id, timeZone: 'America/Los_Angeles' });
    const texan = await makeUser(mail.ctx.db, { email: 'appt.texas@example.com', state: 'TX' });
    for (const [u, want] of [
      [pacific, 'Your appointment on Tue, Dec 1, 2026, 10:00 AM PST'],
      [texan, 'Your appointment on Tue, Dec 1, 2026, 12:00 PM CST'],
    ] as const) {
      const agent = await loginAs(mail.ctx.app, u.email, u.password);
      const apptId = await insertAppointment(mail.ctx.db, { customerName: 'Zed Zone', extractedAppointmentDateTime: '2026-12-01T18:00:00Z' });
      await buy(agent, '/api/vapi/create-appointment-payment', { appointmentIds: [apptId] }, 'pm_card_visa');
      await mail.drain();
      const invite = mail.sink.to(u.email).find((m) => m.subject?.startsWith('Your appointment'))!;
      expect(invite.subject).toBe(want);
      expect(invite.text).toContain(`It starts ${want.slice('Your appointment on '.length)}.`);
      expect(invite.text).not.toContain('GMT');
    }
  });

  it('a declined card: one "payment did not go through" e-mail, no receipt', async () => {
    const user = await makeUser(mail.ctx.db, { email: 'declined@example.com' });
    const agent = await loginAs(mail.ctx.app, user.email, user.password);
    await buy(agent, '/api/bulk-purchase-leads', { leadIds: [await insertLead(mail.ctx.db)] }, 'pm_card_chargeDeclined');
    await mail.drain();
    const mails = mail.sink.to(user.email);
    expect(mails.map((m) => m.subject)).toEqual(['Your TransferLine payment did not go through']);
    expect(mails[0]!.text).toContain('Nothing was charged');
  });
});
