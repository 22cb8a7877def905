import { describe, it, expect } from 'vitest';
import { initialCount, clearSeeds, setCount, paymentPrepared, $checkout, PROJECTED_TRANSFERS_KEY, HIGH_VOLUME_DATA_KEY } from './checkout.ts';

function memory(init: Record<string, string> = {}) {
  const m = new Map(Object.entries(init));
  return { getItem: (k: string) => m.get(k) ?? null, removeItem: (k: string) => void m.delete(k), m };
}

describe('checkout initial count', () => {
  it('defaults per page: 25 standard, 50 premium, 100 enterprise, 200 ultimate, 50 high-volume', () => {
    const s = memory();
    expect(['standard', 'premium', 'enterprise', 'ultimate', 'high-volume'].map((p) => initialCount(p as never, s))).toEqual([25, 50, 100, 200, 50]);
  });
  it('takes projectedTransfers, and highVolumeData first on the high-volume page', () => {
    const s = memory({
      [PROJECTED_TRANSFERS_KEY]: '75',
      [HIGH_VOLUME_DATA_KEY]: JSON.stringify({ volume: 120, pricePerCall: 30, total: 3600, tier: '100-149' }),
    });
    expect(initialCount('premium', s)).toBe(75);
    expect(initialCount('high-volume', s)).toBe(120);
    expect(initialCount('standard', memory({ [PROJECTED_TRANSFERS_KEY]: 'abc' }))).toBe(25);
    expect(initialCount('high-volume', memory({ [HIGH_VOLUME_DATA_KEY]: '{bad' }))).toBe(50);
  });
  it('clears projectedTransfers (and highVolumeData on the high-volume page)', () => {
    const s = memory({ [PROJECTED_TRANSFERS_KEY]: '75', [HIGH_VOLUME_DATA_KEY]: '{}' });
    clearSeeds('premium', s);
    expect([...s.m.keys()]).toEqual([HIGH_VOLUME_DATA_KEY]);
    clearSeeds('high-volume', s);
    expect(s.m.size).toBe(0);
  });
  it('a new count drops a prepared payment', () => {
    paymentPrepared({ clientSecret: 'pi_1_secret_2', amountCents: 4000, count: 1 });
    setCount(2);
    expect($checkout.get()).toMatchObject({ count: 2, clientSecret: null, amountCents: null });
  });
});
