// Demo compliance data: consent records (with TrustedForm or Jornaya certificates) on leads and
// appointments, resale counts on aged leads, exclusive fresh leads, the AI-voice disclosure on
// appointments, and a small do-not-call and litigator list (the listed leads are off sale).
import type { Db } from './index.ts';
import { fromDbDate, toDbDate } from './dates.ts';
import { Appointment, DncEntry, Lead } from '../models/index.ts';

const CONSENT_TEXT =
  'By clicking "Get my quote" I agree to be contacted by licensed insurance agents about final expense coverage at the number I gave, including by automated calls, even if it is on a do-not-call list. Consent is not a condition of purchase.';
export const AI_DISCLOSURE = 'Hi, this is an AI assistant calling on behalf of a licensed insurance agent. This call is recorded.';

export async function seedComplianceDemo(db: Db, adminId: number, now: Date): Promise<void> {
  const leads = await Lead.query(db).orderBy('id').select('id', 'kind', 'ageDays', 'createdAt');
  for (const [i, l] of leads.entries()) {
    if (i % 5 === 4) continue; // some leads come without a consent record
    const at = new Date(now.getTime() - l.ageDays * 86_400_000);
    const cert = i % 2 === 0 ? 'trustedform' : 'jornaya';
    await Lead.query(db)
      .findById(l.id)
      .patch({
        consentSourceUrl: `https://quotes.example.com/final-expense?utm_source=${i % 3 === 0 ? 'facebook' : 'google'}`,
        consentAt: toDbDate(at),
        consentIp: `203.0.113.${(i % 250) + 1}`,
        consentText: CONSENT_TEXT,
        certificateKind: cert,
        certificateId:
          cert === 'trustedform' ? `https://cert.trustedform.com/${(1e15 + i * 7919).toString(16)}` : `LEADID-${(900000 + i).toString(36).toUpperCase()}`,
        certificateClaimExpiresAt: toDbDate(new Date(at.getTime() + 90 * 86_400_000)),
        timesSoldBefore: l.kind === 'aged' ? i % 4 : 0,
        exclusive: l.kind === 'fresh' && i % 2 === 0,
        // Scrubbed after the form was filled (a lead is scrubbed when it comes in, and again later).
        dncScrubbedAt: toDbDate(new Date(now.getTime() - Math.min(i % 45, l.ageDays) * 86_400_000)),
        dncStatus: 'clear',
      });
  }
  // The consumer asked for the call on the form before the AI called: consent 20 minutes to 2 days before it.
  const appts = await Appointment.query(db).orderBy('id').select('id', 'callDate');
  for (const [i, a] of appts.entries()) {
    const call = fromDbDate(a.callDate) ?? now;
    await Appointment.query(db)
      .findById(a.id)
      .patch({
        aiDisclosure: AI_DISCLOSURE,
        consentText: CONSENT_TEXT,
        consentSourceUrl: 'https://quotes.example.com/appointment',
        consentAt: toDbDate(new Date(call.getTime() - (20 + ((i * 337) % 2860)) * 60_000)),
      });
  }

  // Two available aged leads are on the lists (off sale), plus numbers no lead has.
  const listed = await Lead.query(db).where({ kind: 'aged', status: 'available' }).orderBy('id', 'desc').limit(2).select('id', 'customerPhone');
  const entries = [
    ...listed.map((l, i) => ({
      list: i === 0 ? 'dnc' : 'litigator',
      phoneKey: String(l.customerPhone).replace(/\D/g, '').slice(-10),
    })),
    { list: 'dnc', phoneKey: '2025550143' },
    { list: 'litigator', phoneKey: '3125550178' },
  ];
  await db.insert(entries.map((e) => ({ ...e, source: 'demo-lists.csv', uploadedBy: adminId, createdAt: toDbDate(now) }))).into(DncEntry.tableName);
  await Lead.query(db)
    .whereIn(
      'id',
      listed.map((l) => l.id),
    )
    .patch({ status: 'blocked', dncStatus: 'listed' });
}
