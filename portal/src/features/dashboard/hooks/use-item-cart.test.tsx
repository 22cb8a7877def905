// @vitest-environment jsdom
// The one cart of the item checkouts (decision 259): each item once, removed, cleared, replaced by a
// page; the total is the listed prices summed; the appointment cart is kept for the tab (and a tampered
// store is ignored item by item), a lead selection is never stored.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { CART_STORAGE_KEYS, useItemCart } from './use-item-cart.ts';

const APPOINTMENT_KEY = CART_STORAGE_KEYS.appointment!;

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('useItemCart', () => {
  it.each(['lead', 'appointment'] as const)('%s: adds each item once, totals the listed prices, removes, replaces and clears', (kind) => {
    const { result } = renderHook(() => useItemCart(kind));
    act(() => result.current.add({ id: 3, priceCents: 1000 }));
    act(() => result.current.add({ id: 3, priceCents: 1000 }));
    act(() => result.current.add({ id: 7, priceCents: 450 }));
    expect(result.current.ids).toEqual([3, 7]);
    expect(result.current.count).toBe(2);
    expect(result.current.totalCents).toBe(1450);
    expect(result.current.has(7)).toBe(true);
    act(() => result.current.remove(3));
    expect(result.current.ids).toEqual([7]);
    expect(result.current.totalCents).toBe(450);
    act(() =>
      result.current.replace([
        { id: 1, priceCents: 1000 },
        { id: 2, priceCents: 1000 },
      ]),
    );
    expect(result.current.ids).toEqual([1, 2]);
    expect(result.current.totalCents).toBe(2000);
    act(() => result.current.clear());
    expect(result.current.ids).toEqual([]);
    expect(result.current.totalCents).toBe(0);
  });

  it('keeps only the id and price of a listed item', () => {
    const { result } = renderHook(() => useItemCart('appointment'));
    act(() => result.current.add({ id: 5, priceCents: 1000, customerName: 'Ann SmX' } as never));
    expect(result.current.items).toEqual([{ id: 5, priceCents: 1000 }]);
    expect(JSON.parse(sessionStorage.getItem(APPOINTMENT_KEY)!)).toEqual([{ id: 5, priceCents: 1000 }]);
  });

  it('the appointment cart survives a remount (a reload of the tab) and ignores a tampered store', () => {
    const first = renderHook(() => useItemCart('appointment'));
    act(() => first.result.current.add({ id: 5, priceCents: 1000 }));
    first.unmount();
    expect(renderHook(() => useItemCart('appointment')).result.current.items).toEqual([{ id: 5, priceCents: 1000 }]);
    cleanup();
    sessionStorage.setItem(
      APPOINTMENT_KEY,
      JSON.stringify([
        { id: 1, priceCents: 1000 },
        4,
        { id: 'x', priceCents: 1000 },
        { id: 2, priceCents: -1 },
        { id: 2.5, priceCents: 1 },
        { id: 1, priceCents: 5 },
        { id: 9, priceCents: 900 },
      ]),
    );
    expect(renderHook(() => useItemCart('appointment')).result.current.items).toEqual([
      { id: 1, priceCents: 1000 },
      { id: 9, priceCents: 900 },
    ]);
    cleanup();
    sessionStorage.setItem(APPOINTMENT_KEY, '{not json');
    expect(renderHook(() => useItemCart('appointment')).result.current.items).toEqual([]);
  });

  it('a lead selection is never stored: a remount starts empty', () => {
    const first = renderHook(() => useItemCart('lead'));
    act(() => first.result.current.add({ id: 5, priceCents: 1000 }));
    first.unmount();
    expect(renderHook(() => useItemCart('lead')).result.current.items).toEqual([]);
    expect(sessionStorage.length).toBe(0);
  });
});
