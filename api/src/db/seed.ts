// Demo data for an empty, non-production database: accounts, leads, appointments, callbacks, videos.
// Deterministic (seeded PRNG) so tests and screenshots see the same rows.
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './index.ts';
import { isEmpty } from './index.ts';
import { toDbDate } from './dates.ts';
import { createUser } from '../services/accounts/users.service.ts';
import { hashPassword, verifyPassword } from '../services/accounts/passwords.ts';
import { RINGCLOUD } from '@tm/shared';
import { localDateKey, localTime, nextDateKey, startOfLocalDate, zonedParts } from '@tm/shared/logic/transfer-rules';
import { stateTimeZone } from '@tm/shared/logic/state-zones';
import { seedResultsDemo } from './seed-results.ts';
import { seedComplianceDemo } from './seed-compliance.ts';
import { Appointment, BrightcallCallback, Lead, LeadAssignment, OnboardingSurvey, TrainingAdmin, TrainingVideo, User } from '../models/index.ts';
import { DEMO_ACCOUNTS, PUBLISHED_PASSWORDS } from './demo-accounts.ts';

export { DEMO_ACCOUNTS };

export const DEMO_RECORDING_FILE = 'demo-call.wav';
export const TRAINING_SECTIONS_SEED = ['HighLevel CRM Training', 'Trackdrive Training', 'Insurance Sales Training'] as const;

function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STATES = ['TX', 'FL', 'CA', 'GA', 'NC', 'OH', 'PA', 'AZ', 'TN', 'MI', 'IL', 'NY', 'SC', 'AL', 'MO', 'IN', 'KY', 'LA', 'OK', 'VA'];
/** Each seed state's ZIP code range (first three digits, USPS), so a demo ZIP belongs to its state (issue 34 item 8). */
export const STATE_ZIP_PREFIXES: Record<string, [number, number]> = {
  TX: [750, 799],
  FL: [320, 349],
  CA: [900, 961],
  GA: [300, 319],
  NC: [270, 289],
  OH: [430, 458],
  PA: [150, 196],
  AZ: [850, 865],
  TN: [370, 385],
  MI: [480, 499],
  IL: [600, 629],
  NY: [100, 149],
  SC: [290, 299],
  AL: [350, 369],
  MO: [630, 658],
  IN: [460, 479],
  KY: [400, 427],
  LA: [700, 714],
  OK: [730, 749],
  VA: [220, 246],
};
function zipIn(state: string, rand: () => number): string {
  const [lo, hi] = STATE_ZIP_PREFIXES[state] ?? [100, 999];
  const prefix = lo + Math.floor(rand() * (hi - lo + 1));
  return `${String(prefix).padStart(3, '0')}${String(Math.floor(rand() * 100)).padStart(2, '0')}`;
}
const FIRST = [
  'Mary',
  'James',
  'Patricia',
  'Robert',
  'Linda',
  'Michael',
  'Barbara',
  'William',
  'Elizabeth',
  'David',
  'Susan',
  'Richard',
  'Dorothy',
  'Charles',
  'Betty',
  'Joseph',
  'Helen',
  'Thomas',
  'Carol',
  'Frank',
  'Ruth',
  'George',
  'Shirley',
  'Harold',
  'Ann',
];
const LAST = [
  'Johnson',
  'Smith',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Lee',
  'Wilson',
  'Moore',
  'Taylor',
  'Anderson',
  'Thomas',
  'Jackson',
  'White',
  'Harris',
  'Martin',
  'Thompson',
  'Cox',
  'Ng',
  'Li',
];

/** A short spoken-call-like tone (8 kHz, 8-bit mono WAV), long enough for the 90-second preview. */
export function generateWav(seconds = 100, rate = 8000): Buffer {
  const n = seconds * rate;
  const buf = Buffer.alloc(44 + n);
  buf.write('RIFF', 0);
  buf.writeUInt32LE(36 + n, 4);
  buf.write('WAVE', 8);
  buf.write('fmt ', 12);
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(rate, 24);
  buf.writeUInt32LE(rate, 28);
  buf.writeUInt16LE(1, 32);
  buf.writeUInt16LE(8, 34);
  buf.write('data', 36);
  buf.writeUInt32LE(n, 40);
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    const syllable = Math.sin(Math.PI * ((t * 3.1) % 1)) ** 2; // speech-like bursts
    const pause = Math.floor(t / 4) % 3 === 2 ? 0.15 : 1;
    const v = syllable * pause * (0.6 * Math.sin(2 * Math.PI * 180 * t) + 0.3 * Math.sin(2 * Math.PI * 360 * t) + 0.1 * Math.sin(2 * Math.PI * 720 * t));
    buf.writeUInt8(Math.max(0, Math.min(255, Math.round(128 + 60 * v))), 44 + i);
  }
  return buf;
}

/** "Friday, December 4 at 3:00 PM CST": an appointment as the AI says it to the customer, on their clock. */
export function spokenAppointment(at: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric' }).format(at);
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(at);
  return `${day} at ${time}`.replace(/[\u202f\u00a0]/g, ' ');
}

/**
 * A demo appointment on the customer's clock (decision 186): a weekday 2 to 5 days after the call,
 * on the hour between 9 AM and 4 PM in the zone of their state.
 */
function appointmentAfter(callDate: Date, timeZone: string, rand: () => number): Date {
  let day = localDateKey(new Date(callDate.getTime() + (2 + Math.floor(rand() * 4)) * 86_400_000), timeZone);
  for (;;) {
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) break;
    day = nextDateKey(day);
  }
  const hour = 9 + Math.floor(rand() * 8);
  const at = new Date(startOfLocalDate(day, timeZone).getTime() + hour * 3_600_000);
  // A daylight-saving change that day moves the wall clock: put it back on the hour said.
  return new Date(at.getTime() + (hour - zonedParts(at, timeZone).hour) * 3_600_000);
}

function transcriptFor(name: string, state: string, appointment: string, rand: () => number): string {
  const [weekday] = appointment.split(',');
  return [
    `AI: Hi, is this ${name}?`,
    `Customer: Yes, speaking.`,
    `AI: Thanks for filling out the form about final expense coverage. Are you still in ${state}?`,
    `Customer: Yes, I am.`,
    `AI: Great. Are you between 50 and 85 years old?`,
    `Customer: I'm ${55 + Math.floor(rand() * 25)}.`,
    `AI: Do you currently have any life insurance?`,
    `Customer: ${rand() > 0.5 ? 'No, nothing right now.' : 'Just a small policy through work.'}`,
    `AI: A licensed agent can walk you through options. Would ${appointment} work for a call?`,
    `Customer: Yes, ${weekday} works.`,
    `AI: Perfect, you're booked for ${appointment}. The agent will call this number.`,
    `Customer: Thank you.`,
  ].join('\n');
}

export interface SeedResult {
  seeded: boolean;
  reason?: string;
}

export async function seedDemo(db: Db, opts: { dataDir: string; now?: Date; production?: boolean }): Promise<SeedResult> {
  if (opts.production) return { seeded: false, reason: 'production database: demo data is never seeded' };
  if (!(await isEmpty(db))) return { seeded: false, reason: 'database already has users' };
  const now = opts.now ?? new Date();
  const rand = prng(20261122);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(rand() * a.length)]!;
  const daysAgo = (d: number) => toDbDate(new Date(now.getTime() - d * 86_400_000));

  const mediaDir = path.join(opts.dataDir, 'media');
  fs.mkdirSync(mediaDir, { recursive: true });
  const wavPath = path.join(mediaDir, DEMO_RECORDING_FILE);
  if (!fs.existsSync(wavPath)) fs.writeFileSync(wavPath, generateWav());
  const recordingUrl = `/api/media/${DEMO_RECORDING_FILE}`;

  const admin = await createUser(
    db,
    { ...DEMO_ACCOUNTS.admin, agencyName: 'TransferLine HQ', role: 'Manager', phone: '5125550100', state: 'TX', isAdmin: true },
    now,
  );
  const agent = await createUser(
    db,
    { ...DEMO_ACCOUNTS.agent, agencyName: 'Rivera Family Insurance', role: 'Agency Owner', phone: '5125550101', state: 'TX' },
    now,
  );
  const agent2 = await createUser(
    db,
    { ...DEMO_ACCOUNTS.agent2, agencyName: 'Nguyen Senior Benefits', role: 'Insurance Agent', phone: '4045550102', state: 'GA' },
    now,
  );
  await TrainingAdmin.query(db).insert({
    email: DEMO_ACCOUNTS.trainingAdmin.email,
    passwordHash: await hashPassword(DEMO_ACCOUNTS.trainingAdmin.password),
    createdAt: toDbDate(now),
  });

  await OnboardingSurvey.query(db).insert({
    userId: agent.id,
    firstName: agent.firstName,
    lastName: agent.lastName,
    agencyName: agent.agencyName,
    role: agent.role,
    phone: agent.phone,
    email: agent.email,
    username: agent.username,
    leadType: 'Live Transfers',
    workingStates: 'TX, OK, LA',
    totalTransfers: 50,
    callsPerDay: 5,
    transfersPerDay: 5,
    transferHours: '9am-5pm CST',
    onboardingForm: 'demo',
    salesperson: 'Demo',
    createdAt: toDbDate(now),
  });

  const ranges: Array<[number, number, string]> = [
    [30, 60, '30-60'],
    [61, 90, '60-90'],
    [91, 180, '90-180'],
    [181, 365, '180-365'],
  ];
  const leadRows = [];
  for (let i = 0; i < 360; i++) {
    const aged = i < 300;
    const [lo, hi, label] = aged ? pick(ranges) : [1, 29, '0-30'];
    const age = lo + Math.floor(rand() * (hi - lo + 1));
    const state = pick(STATES);
    leadRows.push({
      kind: aged ? 'aged' : 'fresh',
      customerName: `${pick(FIRST)} ${pick(LAST)}`,
      customerPhone: `${200 + Math.floor(rand() * 700)}555${String(1000 + i).slice(-4)}`,
      customerState: state,
      zipCode: zipIn(state, rand),
      currentAgeRange: label,
      ageDays: age,
      // Most leads use the catalogue default price; some carry their own.
      priceCents: rand() < 0.3 ? (aged ? pick(Object.values(RINGCLOUD.agedLeadCents)) : RINGCLOUD.callbackCents) : null,
      recordingUrl: rand() < 0.4 ? recordingUrl : null,
      callDuration: 60 + Math.floor(rand() * 400),
      formFillTime: daysAgo(age),
      status: 'available',
      createdAt: daysAgo(age),
    });
  }
  // Many rows per statement (Objection inserts one row per statement outside PostgreSQL).
  for (let i = 0; i < leadRows.length; i += 100) await db.insert(leadRows.slice(i, i + 100)).into(Lead.tableName);

  const apptRows = [];
  for (let i = 0; i < 25; i++) {
    const name = `${pick(FIRST)} ${pick(LAST)}`;
    const state = pick(STATES);
    const zone = stateTimeZone(state);
    const callDate = new Date(now.getTime() - (i + 1) * 3_600_000 * 5);
    const appt = appointmentAfter(callDate, zone, rand);
    const transcript = transcriptFor(name.split(' ')[0]!, state, spokenAppointment(appt, zone), rand);
    const status = i % 7 === 3 ? 'failed' : i % 5 === 4 ? 'in-progress' : 'completed';
    const confidence = Math.round((0.45 + rand() * 0.55) * 100) / 100;
    apptRows.push({
      customerName: name,
      customerPhone: `${300 + i}555${String(2000 + i).slice(-4)}`,
      customerEmail: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.net`,
      customerState: state,
      callStatus: status,
      extractionConfidence: confidence,
      callDate: toDbDate(callDate),
      extractedAppointmentDateTime: appt.toISOString(),
      callbackAt: toDbDate(appt),
      // The date and time the customer said, on their clock.
      appointmentDate: localDateKey(appt, zone),
      extractedAppointmentDate: localDateKey(appt, zone),
      extractedAppointmentTime: localTime(appt, zone),
      hasExtractedAppointment: true,
      extractedAppointmentInfo: JSON.stringify({
        preferredTime: appt.toISOString(),
        coverageInterest: 'Final expense',
        currentCoverage: rand() > 0.5 ? 'None' : 'Work policy',
      }),
      callDuration: 120 + Math.floor(rand() * 300),
      leadQuality: pick(['hot', 'warm', 'cold']),
      recordingUrl,
      transcript,
      summary: `${name} in ${state} agreed to a call about final expense coverage.`,
      notes: rand() > 0.6 ? 'Prefers afternoon calls.' : null,
      followUpRequired: rand() > 0.7,
      priceCents: null,
      status: 'available',
      createdAt: toDbDate(callDate),
    });
  }
  await db.insert(apptRows).into(Appointment.tableName);

  const cbRows = [];
  for (let i = 0; i < 20; i++) {
    const first = pick(FIRST);
    const last = pick(LAST);
    cbRows.push({
      firstName: first,
      lastName: last,
      phone: `${400 + i}555${String(3000 + i).slice(-4)}`,
      email: `${first}.${last}${i}@example.org`.toLowerCase(),
      state: pick(STATES),
      transcript: `AI: Hello ${first}, calling back about coverage.\nCustomer: Yes, call me tomorrow.`,
      callOutcome: pick(['callback_requested', 'interested', 'voicemail']),
      callbackTime: 'Tomorrow 2pm',
      leadQuality: pick(['hot', 'warm']),
      interestLevel: pick(['high', 'medium']),
      source: 'webhook',
      createdAt: daysAgo(i * 0.5),
    });
  }
  await db.insert(cbRows).into(BrightcallCallback.tableName);

  const videos = [
    { title: 'Setting up your HighLevel pipeline', section: TRAINING_SECTIONS_SEED[0], duration: 754, sortOrder: 0 },
    { title: 'Automations that call leads back', section: TRAINING_SECTIONS_SEED[0], duration: 512, sortOrder: 1 },
    { title: 'Reading your Trackdrive call log', section: TRAINING_SECTIONS_SEED[1], duration: 389, sortOrder: 0 },
    { title: 'Buffers, billable calls and disputes', section: TRAINING_SECTIONS_SEED[1], duration: 421, sortOrder: 1 },
    { title: 'Opening a final expense call', section: TRAINING_SECTIONS_SEED[2], duration: 903, sortOrder: 0 },
    { title: 'Handling the price objection', section: TRAINING_SECTIONS_SEED[2], duration: 640, sortOrder: 1 },
  ];
  await db
    .insert(
      videos.map((v, i) => ({
        ...v,
        description: `Lesson ${i + 1}: ${v.title.toLowerCase()}.`,
        videoUrl: `https://videos.example.com/training/${i + 1}`,
        thumbnailUrl: null,
        isActive: true,
        createdAt: toDbDate(now),
        updatedAt: toDbDate(now),
      })),
    )
    .into(TrainingVideo.tableName);

  const assigned = [];
  for (const [who, count] of [
    [agent, 4],
    [agent2, 3],
  ] as const) {
    for (let i = 0; i < count; i++) {
      const state = pick(STATES);
      assigned.push({
        agentId: who.id,
        name: `${pick(FIRST)} ${pick(LAST)}`,
        phone: `${500 + i}555${String(4000 + i + who.id * 10).slice(-4)}`,
        email: `assigned${who.id}-${i}@example.org`,
        state,
        zipCode: zipIn(state, rand),
        ageRange: pick(['50-60', '60-70', '70-80']),
        formFillTime: daysAgo(3 + i),
        assignedBy: admin.id,
        assignedAt: daysAgo(i),
        createdAt: daysAgo(i),
      });
    }
  }
  await db.insert(assigned).into(LeadAssignment.tableName);
  await seedComplianceDemo(db, admin.id, now);
  await seedResultsDemo(db, agent2.id, now);
  return { seeded: true };
}

export function demoAccountsText(origin: string): string {
  const a = DEMO_ACCOUNTS;
  return [
    'Demo accounts (development data only):',
    `  admin           ${a.admin.email} / ${a.admin.password}   ${origin}/admin`,
    `  agent           ${a.agent.email} / ${a.agent.password}   ${origin}/dashboard`,
    `  agent           ${a.agent2.email} / ${a.agent2.password}`,
    `  training admin  ${a.trainingAdmin.email} / ${a.trainingAdmin.password}   ${origin}/training-admin-login`,
  ].join('\n');
}

/**
 * The demo accounts (users and the training admin) that still have their published password. A
 * production server refuses to start while this list is not empty (server.ts): a database first
 * seeded in development must not keep `admin@example.com / demo-admin-pass` once it serves customers.
 */
/**
 * The demo credentials that still open an account (production refuses to start on any): each demo
 * account's published password is tried on every account its username OR its e-mail names (a renamed
 * e-mail keeps the username, and the reverse), and every published password on every admin and training
 * admin, whatever their names (issue 27 M4). Answers the demo accounts' e-mails (or the admin's own).
 */
export async function demoAccountsWithPublishedPasswords(db: Db): Promise<string[]> {
  const open = new Set<string>();
  const users = [DEMO_ACCOUNTS.admin, DEMO_ACCOUNTS.agent, DEMO_ACCOUNTS.agent2];
  const passwords = PUBLISHED_PASSWORDS;
  for (const a of users) {
    const rows = await User.query(db)
      .where((w) => w.whereRaw('lower(email) = ?', [a.email]).orWhereRaw('lower(username) = ?', [a.username]))
      .select('passwordHash')
      .limit(10);
    for (const row of rows) if (await verifyPassword(row.passwordHash, a.password)) open.add(a.email);
  }
  const admins = await User.query(db).where({ isAdmin: true }).select('email', 'passwordHash').limit(100);
  const trainers = await TrainingAdmin.query(db).select('email', 'passwordHash').limit(100);
  for (const row of [...admins, ...trainers]) {
    for (const p of passwords) {
      if (await verifyPassword(row.passwordHash, p)) {
        open.add(String(row.email));
        break;
      }
    }
  }
  return [...open];
}
