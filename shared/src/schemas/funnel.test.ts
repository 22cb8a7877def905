import { describe, it, expect } from 'vitest';
import {
  deriveUsername,
  agentLabPayload,
  ringcloudStep2Schema,
  partnerApplicationSchema,
  workingStatesSchema,
  CALLBACK_PREFERENCE_BY_METHOD,
} from './funnel.ts';

describe('deriveUsername', () => {
  it('joins the names, lowercased, without accents or punctuation', () => {
    expect(deriveUsername('Jane', "O'Neil")).toBe('janeoneil');
    expect(deriveUsername('  José ', 'Núñez-Díaz')).toBe('josenunezdiaz');
  });
  it('pads a too-short result and caps the length', () => {
    expect(deriveUsername('A', '')).toBe('aagent');
    expect(deriveUsername('x'.repeat(60), 'y').length).toBe(40);
  });
});

describe('agentLabPayload', () => {
  it('builds the survey payload of docs/product/funnel.md#agent-lab-registration (without a password)', () => {
    const p = agentLabPayload({
      agencyName: 'A',
      firstName: 'Sam',
      lastName: 'Lee',
      phone: '5550100199',
      email: 's@e.co',
      totalTransfers: 3,
      transfersPerDay: 1,
      callMethod: 'phone',
    });
    expect(p).toEqual({
      firstName: 'Sam',
      lastName: 'Lee',
      agencyName: 'A',
      phone: '5550100199',
      email: 's@e.co',
      role: 'Insurance Agent',
      username: 'samlee',
      leadType: 'Live Transfers',
      totalTransfers: 3,
      transfersPerDay: 1,
      workingStates: 'Multiple States',
      transferHours: 'Business Hours',
      callbackPreference: CALLBACK_PREFERENCE_BY_METHOD.phone,
      onboardingForm: 'agentleadlab',
      salesperson: 'Agent Lead Labs',
    });
    expect(p).not.toHaveProperty('password');
  });
});

describe('ringcloudStep2Schema', () => {
  it('reads empty number inputs as not given and requires the priced field of the lead type', () => {
    const r = ringcloudStep2Schema.safeParse({ leadType: 'Live Transfers', workingStates: 'TX', totalTransfers: '', callsPerDay: Number.NaN });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['totalTransfers', 'Total transfers must be at least 1']]);
    expect(ringcloudStep2Schema.parse({ leadType: 'Live Transfers', workingStates: 'TX', totalTransfers: '12' }).totalTransfers).toBe(12);
    expect(ringcloudStep2Schema.safeParse({ leadType: 'Aged Leads', workingStates: 'TX', ageRange: '' }).error?.issues[0]?.message).toBe(
      'Please select an age range',
    );
  });
});

describe('partnerApplicationSchema', () => {
  it('reads a bare domain as https and multipart text for the list and the box', () => {
    const r = partnerApplicationSchema.parse({
      businessName: 'B',
      contactName: 'C',
      email: 'A@B.CO',
      phone: '555 010 0199',
      website: 'northwind.example',
      businessType: 'Other',
      experienceYears: '5+ years',
      monthlyVolume: '5000+',
      servicesInterested: '["Aged Leads","Aged Leads"]',
      targetMarkets: 'TX',
      businessDescription: 'x'.repeat(50),
      whyPartner: 'y'.repeat(50),
      agreeToTerms: 'true',
    });
    expect(r).toMatchObject({ email: 'a@b.co', website: 'https://northwind.example', servicesInterested: ['Aged Leads'], agreeToTerms: true });
  });
});

describe('the RingCloud survey refuses what it cannot sell (issue 18 items 5 and 6)', () => {
  const live = { leadType: 'Live Transfers', workingStates: 'TX' };
  const issue = (v: Record<string, unknown>) => ringcloudStep2Schema.safeParse(v).error?.issues[0];

  it('working states are the 50 states and DC by code, stored as "TX, FL"', () => {
    expect(workingStatesSchema.parse(['tx', 'FL', 'TX'])).toBe('TX, FL');
    expect(workingStatesSchema.parse('TX, FL')).toBe('TX, FL');
    expect(issue({ ...live, workingStates: 'ZZZZ', totalTransfers: 5 })).toMatchObject({
      path: ['workingStates'],
      message: 'ZZZZ is not a US state (choose from the 50 states and DC)',
    });
    expect(issue({ ...live, workingStates: [], totalTransfers: 5 })?.message).toBe('Please specify your working states');
    expect(issue({ ...live, workingStates: 'PR', totalTransfers: 5 })?.path).toEqual(['workingStates']);
  });

  it('a fraction of a transfer is refused as not whole, never read as 2', () => {
    expect(issue({ ...live, totalTransfers: '2.5' })).toMatchObject({ path: ['totalTransfers'], message: 'Total transfers must be a whole number' });
    expect(issue({ ...live, totalTransfers: 1001 })?.message).toBe('Total transfers must be at most 1000');
    expect(issue({ leadType: 'Call-Backs', workingStates: 'TX', totalCallbacks: 2.5 })?.message).toBe('Total call-backs must be a whole number');
  });
});
