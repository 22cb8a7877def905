import { describe, it, expect } from 'vitest';
import { quotePremium, ratePer1000, QUOTER_DEFAULTS, type QuoteInput } from './quoter.ts';

const base: QuoteInput = { age: 65, sex: 'male', coverage: 5000, plan: 'simplified', smoker: false };
const q = (over: Partial<QuoteInput>) => quotePremium({ ...base, ...over });

describe('quotePremium', () => {
  it('prices the defaults (65, female, 10000, simplified, non-smoker) with the 15 percent discount', () => {
    const r = quotePremium(QUOTER_DEFAULTS);
    expect(r.ratePer1000).toBe(6);
    expect(r.monthlyPremium).toBe(51);
    expect(r.monthlyPremiumCents).toBe(5100);
    expect(r.discountApplied).toBe(true);
    expect([r.low, r.high]).toEqual([47, 55]);
  });

  it.each([
    [50, 'male', 17.5],
    [60, 'male', 25],
    [70, 'male', 42.5],
    [80, 'male', 75],
    [85, 'male', 105],
    [50, 'female', 15],
    [60, 'female', 22.5],
    [70, 'female', 37.5],
    [80, 'female', 67.5],
    [85, 'female', 92.5],
  ] as const)('pins the anchor age %i (%s) at 5000 coverage: %d', (age, sex, premium) => {
    expect(q({ age, sex }).monthlyPremium).toBe(premium);
  });

  it('interpolates linearly between anchors', () => {
    expect(ratePer1000(55, 'male')).toBeCloseTo(4.25, 10);
    expect(q({ age: 55 }).monthlyPremium).toBe(21.25);
    expect(q({ age: 75, sex: 'female' }).monthlyPremium).toBe(52.5);
    expect(q({ age: 82, sex: 'female' }).monthlyPremium).toBe(77.5);
    expect(q({ age: 63 }).monthlyPremium).toBe(30.25); // 5 + 3.5 * 3/10 = 6.05 per 1000
  });

  it('is flat outside the anchors and clamps age to 40-90', () => {
    expect(q({ age: 45 }).monthlyPremium).toBe(17.5);
    expect(q({ age: 40 }).monthlyPremium).toBe(17.5);
    const young = q({ age: 18 });
    expect(young.age).toBe(40);
    expect(young.monthlyPremium).toBe(17.5);
    expect(q({ age: 88 }).monthlyPremium).toBe(105);
    const old = q({ age: 120 });
    expect(old.age).toBe(90);
    expect(old.monthlyPremium).toBe(105);
  });

  it('raises coverage below 1000 to 1000', () => {
    const r = q({ age: 50, coverage: 200 });
    expect(r.coverage).toBe(1000);
    expect(r.monthlyPremium).toBe(3.5);
    expect(q({ age: 50, coverage: Number.NaN }).coverage).toBe(1000);
  });

  it('applies the plan and smoker multipliers', () => {
    expect(q({ age: 70, plan: 'guaranteed' }).monthlyPremium).toBe(53.13); // 53.125 rounds up
    expect(q({ age: 70, smoker: true }).monthlyPremium).toBe(51);
    expect(q({ age: 70, plan: 'guaranteed', smoker: true }).monthlyPremium).toBe(63.75);
    expect(q({ age: 70, sex: 'female', plan: 'guaranteed', smoker: true }).monthlyPremium).toBe(56.25);
  });

  it('takes 15 percent off from 10000 coverage, not below', () => {
    const below = quotePremium({ ...QUOTER_DEFAULTS, coverage: 9500 });
    expect(below.discountApplied).toBe(false);
    expect(below.monthlyPremium).toBe(57);
    const at = quotePremium({ ...QUOTER_DEFAULTS, coverage: 10000 });
    expect(at.monthlyPremium).toBe(51);
    const above = quotePremium({ ...QUOTER_DEFAULTS, coverage: 25000, sex: 'male', age: 80, smoker: true });
    expect(above.monthlyPremium).toBe(382.5); // 25 * 15 * 1.2 * 0.85
  });

  it('never quotes under the minimum premium of 1.00 (discount applied first)', () => {
    const tiny = { male: [0.5, 0.5, 0.5, 0.5, 0.5], female: [0.05, 0.05, 0.05, 0.05, 0.05] };
    const r = quotePremium({ ...base, coverage: 1000 }, tiny);
    expect(r.monthlyPremium).toBe(1);
    expect([r.low, r.high]).toEqual([1, 1]);
    // 10 x 0.05 = 0.50, less 15 percent = 0.425, then the floor of 1.00.
    expect(quotePremium({ ...base, sex: 'female', coverage: 10000 }, tiny).monthlyPremium).toBe(1);
    // 30 x 0.05 = 1.50 less 15 percent = 1.275: above the floor, rounded to cents.
    expect(quotePremium({ ...base, sex: 'female', coverage: 30000 }, tiny).monthlyPremium).toBe(1.28);
  });

  it('gives the speakable range as 93 and 107 percent, rounded', () => {
    const r = q({ age: 80 }); // 75.00
    expect([r.low, r.high]).toEqual([70, 80]);
  });
});
