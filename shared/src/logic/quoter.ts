// Final-expense premium estimator (docs/product/rules.md#fex-quoter): a pure function,
// shared by the /fex-quoter island and its tests. A ballpark, not a carrier quote.

export type QuoteSex = 'male' | 'female';
export type QuotePlan = 'simplified' | 'guaranteed';

export interface QuoteInput {
  age: number;
  sex: QuoteSex;
  /** Face amount in dollars. */
  coverage: number;
  plan: QuotePlan;
  smoker: boolean;
}

export interface Quote {
  /** The age and coverage actually priced, after clamping. */
  age: number;
  coverage: number;
  /** Base monthly rate per 1000 of coverage at that age and sex. */
  ratePer1000: number;
  /** Monthly premium in dollars, rounded to cents. */
  monthlyPremium: number;
  monthlyPremiumCents: number;
  discountApplied: boolean;
  /** The speakable range, whole dollars. */
  low: number;
  high: number;
}

export const QUOTER_DEFAULTS: QuoteInput = { age: 65, sex: 'female', coverage: 10000, plan: 'simplified', smoker: false };

export const QUOTER_LIMITS = {
  minAge: 40,
  maxAge: 90,
  minCoverage: 1000,
  coverageStep: 500,
  /** Coverage from which the discount applies. */
  discountFrom: 10000,
  /** 15 percent off the monthly premium (docs/product/rules.md#fex-quoter). */
  discountPercent: 15,
  minPremium: 1,
  rangeLowFactor: 0.93,
  rangeHighFactor: 1.07,
} as const;

/** Base monthly rate per 1000 of coverage at the age anchors. */
export const AGE_ANCHORS = [50, 60, 70, 80, 85] as const;
export const BASE_RATES: Record<QuoteSex, readonly number[]> = {
  male: [3.5, 5, 8.5, 15, 21],
  female: [3, 4.5, 7.5, 13.5, 18.5],
};

export const PLAN_MULTIPLIER: Record<QuotePlan, number> = { simplified: 1, guaranteed: 1.25 };
export const SMOKER_MULTIPLIER = { smoker: 1.2, nonSmoker: 1 } as const;

/** Rounds to cents without binary-float surprises (e.g. 1.005 -> 1.01). */
function roundCents(dollars: number): number {
  return Math.round(Number((dollars * 100).toPrecision(12)));
}

export function clampAge(age: number): number {
  const a = Number.isFinite(age) ? Math.round(age) : QUOTER_DEFAULTS.age;
  return Math.min(QUOTER_LIMITS.maxAge, Math.max(QUOTER_LIMITS.minAge, a));
}

export function clampCoverage(coverage: number): number {
  if (!Number.isFinite(coverage)) return QUOTER_LIMITS.minCoverage;
  return Math.max(QUOTER_LIMITS.minCoverage, coverage);
}

/** Linear interpolation between the anchors, flat outside them. */
export function ratePer1000(age: number, sex: QuoteSex, table: Record<QuoteSex, readonly number[]> = BASE_RATES): number {
  const rates = table[sex];
  const first = AGE_ANCHORS[0];
  const last = AGE_ANCHORS[AGE_ANCHORS.length - 1]!;
  if (age <= first) return rates[0]!;
  if (age >= last) return rates[rates.length - 1]!;
  for (let i = 0; i < AGE_ANCHORS.length - 1; i += 1) {
    const a0 = AGE_ANCHORS[i]!;
    const a1 = AGE_ANCHORS[i + 1]!;
    if (age >= a0 && age <= a1) {
      const r0 = rates[i]!;
      const r1 = rates[i + 1]!;
      return r0 + ((r1 - r0) * (age - a0)) / (a1 - a0);
    }
  }
  return rates[rates.length - 1]!;
}

/** `table` defaults to the product's rates; tests pass another to reach the minimum premium. */
export function quotePremium(input: QuoteInput, table: Record<QuoteSex, readonly number[]> = BASE_RATES): Quote {
  const age = clampAge(input.age);
  const coverage = clampCoverage(input.coverage);
  const rate = ratePer1000(age, input.sex, table);
  let premium = (coverage / 1000) * rate * PLAN_MULTIPLIER[input.plan] * (input.smoker ? SMOKER_MULTIPLIER.smoker : SMOKER_MULTIPLIER.nonSmoker);
  const discountApplied = coverage >= QUOTER_LIMITS.discountFrom;
  if (discountApplied) premium *= 1 - QUOTER_LIMITS.discountPercent / 100;
  const cents = Math.max(QUOTER_LIMITS.minPremium * 100, roundCents(premium));
  const monthlyPremium = cents / 100;
  return {
    age,
    coverage,
    ratePer1000: rate,
    monthlyPremium,
    monthlyPremiumCents: cents,
    discountApplied,
    low: Math.max(1, Math.round(monthlyPremium * QUOTER_LIMITS.rangeLowFactor)),
    high: Math.round(monthlyPremium * QUOTER_LIMITS.rangeHighFactor),
  };
}
