// What a page view keeps of the ad that brought it (decision 232): tagged visits and referrals make touches,
// direct visits and moves inside the site keep the last one, and touches end after 90 days.
import { describe, expect, it } from 'vitest';
import { touchFromVisit, withTouch, sanitizeAttribution, touchLabel, ATTRIBUTION_LIMITS } from './attribution.ts';

const NOW = new Date('2026-11-24T20:00:00.000Z');
const DAY = 86_400_000;

describe('touchFromVisit', () => {
  it('reads utm tags and click ids from the landing URL', () => {
    const t = touchFromVisit('https://transferline.example/standard-pricing?utm_source=google&utm_medium=cpc&utm_campaign=fex-tx&gclid=TEST123', '', NOW);
    expect(t).toMatchObject({
      source: 'google',
      medium: 'cpc',
      campaign: 'fex-tx',
      gclid: 'TEST123',
      landing: '/standard-pricing',
      referrer: null,
      at: NOW.toISOString(),
    });
  });
  it('names the platform of a click id without tags, and a referral by its host', () => {
    expect(touchFromVisit('https://t.example/?fbclid=IwAR1', '', NOW)).toMatchObject({ source: 'facebook', medium: 'cpc', fbclid: 'IwAR1' });
    expect(touchFromVisit('https://t.example/?wbraid=W1', '', NOW)).toMatchObject({ source: 'google', medium: 'cpc', wbraid: 'W1' });
    expect(touchFromVisit('https://t.example/ringcloud', 'https://www.bing.com/', NOW)).toMatchObject({
      source: 'www.bing.com',
      medium: 'referral',
      referrer: 'https://www.bing.com/',
    });
  });
  it('a direct visit and a move inside the site are no touch', () => {
    expect(touchFromVisit('https://t.example/checkout', '', NOW)).toBeNull();
    expect(touchFromVisit('https://t.example/checkout', 'https://t.example/standard-pricing', NOW)).toBeNull();
  });
  it('cuts long values and drops control characters', () => {
    const t = touchFromVisit(`https://t.example/?utm_campaign=${'c'.repeat(999)}&utm_source=a%0Ab`, '', NOW)!;
    expect(t.campaign).toHaveLength(ATTRIBUTION_LIMITS.campaign);
    expect(t.source).toBe('ab');
  });
});

describe('withTouch and sanitizeAttribution', () => {
  const tagged = (campaign: string, daysAgo: number) => ({
    ...touchFromVisit(`https://t.example/?utm_source=g&utm_campaign=${campaign}`, '', NOW)!,
    at: new Date(NOW.getTime() - daysAgo * DAY).toISOString(),
  });
  it('keeps the first touch and moves the last', () => {
    const a = withTouch({ first: tagged('one', 10), last: tagged('one', 10) }, tagged('two', 0), NOW);
    expect([a?.first?.campaign, a?.last?.campaign]).toEqual(['one', 'two']);
    expect(withTouch(a, null, NOW)?.last?.campaign).toBe('two');
  });
  it('a first touch older than 90 days is replaced by the next one', () => {
    const a = withTouch({ first: tagged('old', 91), last: tagged('old', 91) }, tagged('new', 0), NOW);
    expect([a?.first?.campaign, a?.last?.campaign]).toEqual(['new', 'new']);
    expect(withTouch({ first: tagged('old', 91), last: tagged('old', 91) }, null, NOW)).toBeNull();
  });
  it('sanitizeAttribution never throws on any shape', () => {
    for (const v of [null, undefined, 'x', 1, [], { first: 'x' }, { last: { at: 'no' } }, { first: { at: NOW.toISOString() } }])
      expect(sanitizeAttribution(v, NOW)).toBeNull();
  });
  it('labels a touch as source / medium / campaign', () => {
    expect(touchLabel(tagged('fex', 0))).toBe('g / (not set) / fex');
    expect(touchLabel(null)).toBe('(direct)');
  });
});
