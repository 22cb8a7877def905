import { describe, it, expect } from 'vitest';
import { TIERS, TIER_IDS, HIGH_VOLUME, RINGCLOUD, LIVE_TRANSFER_ORDER, LIVE_TRANSFER_DEFAULT_PRICE_CENTS } from '../catalogue/index.ts';
import {
  boundsMessage,
  countProblem,
  packageTotalCents,
  quoteTransferPackage,
  quoteRingCloud,
  quoteLiveTransfer,
  ringCloudLeadTypeOf,
  packageUnitPriceCents,
} from './pricing.ts';

describe('transfer package quotes', () => {
  it('uses the advertised rates (docs/product/rules.md#pricing)', () => {
    expect(TIER_IDS.map((t) => [t, TIERS[t].rateCents])).toEqual([
      ['standard', 4000],
      ['special', 3800],
      ['premium', 3500],
      ['enterprise', 3200],
      ['ultimate', 2800],
    ]);
  });

  for (const tier of TIER_IDS) {
    const { minCount: min, maxCount: max, rateCents } = TIERS[tier];
    it(`${tier}: charges ${rateCents} cents each from ${min} to ${max} and refuses just outside`, () => {
      expect(quoteTransferPackage(tier, min)).toEqual({ ok: true, count: min, unitPriceCents: rateCents, amountCents: rateCents * min });
      expect(quoteTransferPackage(tier, max)).toEqual({ ok: true, count: max, unitPriceCents: rateCents, amountCents: rateCents * max });
      expect(quoteTransferPackage(tier, min - 1)).toEqual({ ok: false, message: boundsMessage(min, max) });
      expect(quoteTransferPackage(tier, max + 1)).toEqual({ ok: false, message: boundsMessage(min, max) });
    });
  }

  it('words the bounds like the standard page hint', () => {
    expect(boundsMessage(1, 1000)).toBe('Minimum: 1 transfer, Maximum: 1000 transfers');
    expect(boundsMessage(1, 10000)).toBe('Minimum: 1 transfer, Maximum: 10000 transfers');
    expect(boundsMessage(50, 10000)).toBe('Minimum: 50 transfers, Maximum: 10000 transfers');
  });

  it('standard 30 transfers cost $1,200', () => {
    expect(quoteTransferPackage('standard', 30)).toMatchObject({ ok: true, amountCents: 120000 });
    expect(quoteTransferPackage('special', 30)).toMatchObject({ ok: true, amountCents: 114000 });
  });

  it('refuses fractions, NaN and non-numbers', () => {
    for (const bad of [1.5, Number.NaN, Number.POSITIVE_INFINITY, '30', null, undefined]) {
      expect(quoteTransferPackage('standard', bad).ok).toBe(false);
    }
  });

  it('refuses an unknown tier', () => {
    expect(quoteTransferPackage('gold' as never, 10)).toEqual({ ok: false, message: 'Unknown pricing tier' });
  });
});

describe('high-volume quotes', () => {
  const cases: [number, number][] = [
    [50, 3200],
    [99, 3200],
    [100, 3000],
    [149, 3000],
    [150, 2900],
    [199, 2900],
    [200, 2800],
    [HIGH_VOLUME.maxCount, 2800],
  ];
  for (const [count, rate] of cases) {
    it(`${count} transfers at ${rate} cents each`, () => {
      expect(quoteTransferPackage('high-volume', count)).toEqual({ ok: true, count, unitPriceCents: rate, amountCents: rate * count });
      expect(packageUnitPriceCents('high-volume', count)).toBe(rate);
    });
  }
  it('refuses 49 and one above the maximum', () => {
    const message = boundsMessage(50, HIGH_VOLUME.maxCount);
    expect(quoteTransferPackage('high-volume', 49)).toEqual({ ok: false, message });
    expect(quoteTransferPackage('high-volume', HIGH_VOLUME.maxCount + 1)).toEqual({ ok: false, message });
  });
  it('120 transfers are $30 each', () => {
    expect(quoteTransferPackage('high-volume', 120)).toMatchObject({ unitPriceCents: 3000, amountCents: 360000 });
  });
});

describe('RingCloud quotes', () => {
  it('aged leads: 100 at the age range price, or fewer when the stock is smaller (never more than 100)', () => {
    expect(quoteRingCloud({ leadType: 'Aged Leads', ageRange: '30-60' })).toEqual({ ok: true, count: 100, unitPriceCents: 500, amountCents: 50000 });
    expect(quoteRingCloud({ leadType: 'Aged Leads', ageRange: '30-60', count: 7 })).toEqual({ ok: true, count: 7, unitPriceCents: 500, amountCents: 3500 });
    expect(quoteRingCloud({ leadType: 'Aged Leads', ageRange: '30-60', count: 100 })).toMatchObject({ ok: true, count: 100, amountCents: 50000 });
    expect(quoteRingCloud({ leadType: 'Aged Leads', ageRange: '30-60', count: 101 })).toEqual({ ok: false, message: boundsMessage(1, 100, 'lead') });
    expect(quoteRingCloud({ leadType: 'Aged Leads', ageRange: '30-60', count: 0 }).ok).toBe(false);
    expect(quoteRingCloud({ leadType: 'Aged Leads', ageRange: '30-60', count: 2.5 }).ok).toBe(false);
    expect(quoteRingCloud({ leadType: 'Aged Leads', ageRange: '60-90' })).toMatchObject({ amountCents: 40000 });
    expect(quoteRingCloud({ leadType: 'Aged Leads', ageRange: '90-180' })).toMatchObject({ amountCents: 30000 });
    expect(quoteRingCloud({ leadType: 'Aged Leads' }).ok).toBe(false);
  });
  it('live transfers at $37 and call-backs at $15, within bounds', () => {
    const { minCount: min, maxCount: max } = RINGCLOUD;
    expect(quoteRingCloud({ leadType: 'Live Transfers', count: min })).toEqual({ ok: true, count: min, unitPriceCents: 3700, amountCents: 3700 * min });
    expect(quoteRingCloud({ leadType: 'Live Transfers', count: max })).toMatchObject({ ok: true, amountCents: 3700 * max });
    expect(quoteRingCloud({ leadType: 'Call-Backs', count: max })).toMatchObject({ ok: true, unitPriceCents: 1500, amountCents: 1500 * max });
    expect(quoteRingCloud({ leadType: 'Live Transfers', count: min - 1 })).toEqual({ ok: false, message: boundsMessage(min, max) });
    expect(quoteRingCloud({ leadType: 'Call-Backs', count: max + 1 })).toEqual({ ok: false, message: boundsMessage(min, max, 'call-back') });
  });
  it('reads the lead type from packageType', () => {
    expect(ringCloudLeadTypeOf('RingCloud Aged Leads')).toBe('Aged Leads');
    expect(ringCloudLeadTypeOf('RingCloud Call-Backs')).toBe('Call-Backs');
    expect(ringCloudLeadTypeOf('RingCloud Gold')).toBeNull();
  });
});

describe('live transfer orders', () => {
  it("charge the user's price, else the default, within bounds", () => {
    const { minCount: min, maxCount: max } = LIVE_TRANSFER_ORDER;
    expect(quoteLiveTransfer(min, null)).toEqual({
      ok: true,
      count: min,
      unitPriceCents: LIVE_TRANSFER_DEFAULT_PRICE_CENTS,
      amountCents: LIVE_TRANSFER_DEFAULT_PRICE_CENTS * min,
    });
    expect(quoteLiveTransfer(max, 3000)).toMatchObject({ ok: true, amountCents: 3000 * max });
    expect(quoteLiveTransfer(min - 1, 3000).ok).toBe(false);
    expect(quoteLiveTransfer(max + 1, 3000).ok).toBe(false);
  });
});

describe('what a checkout count input says', () => {
  it('names the bound that was crossed, or asks for a whole number', () => {
    expect(countProblem(1001, 1, 1000)).toBe('Maximum: 1000 transfers');
    expect(countProblem(0, 1, 1000)).toBe('Minimum: 1 transfer');
    expect(countProblem(49, 50, 10000)).toBe('Minimum: 50 transfers');
    expect(countProblem(2.5, 1, 1000)).toBe('Enter a whole number of transfers');
    expect(countProblem(Number.NaN, 1, 1000)).toBe('Enter a number of transfers');
    expect(countProblem(1000, 1, 1000)).toBeNull();
    expect(countProblem(3, 1, 1000, 'call-back')).toBeNull();
    expect(countProblem(1001, 1, 1000, 'call-back')).toBe('Maximum: 1000 call-backs');
  });

  it('totals any whole count at the page rate, in range or not; nothing for a fraction', () => {
    expect(packageTotalCents('standard', 1500)).toBe(1500 * TIERS.standard.rateCents);
    expect(packageTotalCents('premium', 3)).toBe(3 * TIERS.premium.rateCents);
    expect(packageTotalCents('high-volume', 20)).toBe(20 * 3200);
    expect(packageTotalCents('high-volume', 20000)).toBe(20000 * 2800);
    expect(packageTotalCents('standard', 0)).toBe(0);
    expect(packageTotalCents('standard', 2.5)).toBeNull();
    expect(packageTotalCents('standard', -1)).toBeNull();
  });
});
