// One test per row of docs/product/rules.md#pricing: these literals are the spec; the catalogue must match them.
import { describe, it, expect } from 'vitest';
import {
  TIERS,
  HIGH_VOLUME,
  RINGCLOUD,
  APPOINTMENT_PRICE_CENTS,
  LEAD_DEFAULT_PRICE_CENTS,
  LIVE_TRANSFER_DEFAULT_PRICE_CENTS,
  FREE_RESOURCES_TOTAL_CENTS,
  ROLEPLAY_HOUR_CENTS,
  highVolumeBand,
  highVolumeBandLabel,
  formatUsd,
  centsToDecimal,
} from './index.ts';

describe('tiers (docs/product/rules.md#pricing)', () => {
  it.each([
    ['standard', 'under 100', 4000, 60, '/checkout', 1, 1000, 25],
    ['special', '101-150', 3800, 120, '/checkout?tier=special', 1, 1000, 25],
    ['premium', '151-199', 3500, 120, '/checkout-premium', 1, 2000, 50],
    ['enterprise', '200-299', 3200, 120, '/checkout-enterprise', 1, 5000, 100],
    ['ultimate', '300+', 2800, 120, '/checkout-ultimate', 1, 10000, 200],
  ] as const)('%s: %s calls/day, %i cents, %is buffer, %s, %i-%i, default %i', (id, band, cents, buffer, route, min, max, def) => {
    const t = TIERS[id];
    expect(t.callsPerDay).toBe(band);
    expect(t.rateCents).toBe(cents);
    expect(t.bufferSeconds).toBe(buffer);
    expect(t.checkoutPath).toBe(route);
    expect([t.minCount, t.maxCount]).toEqual([min, max]);
    expect(t.defaultCount).toBe(def);
  });
  it('special is shown as reduced from the standard rate', () => {
    expect(TIERS.special.wasRateCents).toBe(TIERS.standard.rateCents);
  });
});

describe('high volume', () => {
  it.each([
    [50, 3200],
    [99, 3200],
    [100, 3000],
    [149, 3000],
    [150, 2900],
    [199, 2900],
    [200, 2800],
    [10000, 2800],
  ])('%i transfers at %i cents each', (count, cents) => {
    expect(highVolumeBand(count).rateCents).toBe(cents);
  });
  it('has a minimum of 50 and labels bands for the buyer', () => {
    expect(HIGH_VOLUME.minCount).toBe(50);
    expect(HIGH_VOLUME.defaultCount).toBe(50);
    expect(highVolumeBandLabel(highVolumeBand(250))).toBe('200+ transfers: $28 each');
    expect(highVolumeBandLabel(highVolumeBand(120))).toBe('100-149 transfers: $30 each');
  });
});

describe('other prices', () => {
  it('RingCloud: $37 transfer, $15 call-back, aged leads $5/$4/$3, 100 fixed', () => {
    expect(RINGCLOUD.liveTransferCents).toBe(3700);
    expect(RINGCLOUD.callbackCents).toBe(1500);
    expect(RINGCLOUD.agedLeadCents).toEqual({ '30-60': 500, '60-90': 400, '90-180': 300 });
    expect(RINGCLOUD.agedLeadQuantity).toBe(100);
  });
  it('appointments $10, leads default $10, live transfers default $35, roleplay $15', () => {
    expect(APPOINTMENT_PRICE_CENTS).toBe(1000);
    expect(LEAD_DEFAULT_PRICE_CENTS).toBe(1000);
    expect(LIVE_TRANSFER_DEFAULT_PRICE_CENTS).toBe(3500);
    expect(ROLEPLAY_HOUR_CENTS).toBe(1500);
  });
  it('free resources total $2,694', () => {
    expect(FREE_RESOURCES_TOTAL_CENTS).toBe(269400);
    expect(formatUsd(FREE_RESOURCES_TOTAL_CENTS)).toBe('$2,694');
  });
  it('formats money', () => {
    expect(formatUsd(4000)).toBe('$40');
    expect(formatUsd(3750)).toBe('$37.50');
    expect(formatUsd(120000, { cents: true })).toBe('$1,200.00');
    expect(centsToDecimal(3500)).toBe('35.00');
  });
});
