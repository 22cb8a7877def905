// @vitest-environment jsdom
// The appointment cart: add (once), remove, clear, and kept for the browser tab across a remount.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { CART_STORAGE_KEY, useCart } from './use-cart.ts';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('useCart', () => {
  it('adds each appointment once, removes and clears', () => {
    const { result } = renderHook(() => useCart());
    act(() => result.current.add(3));
    act(() => result.current.add(3));
    act(() => result.current.add(7));
    expect(result.current.ids).toEqual([3, 7]);
    expect(result.current.has(7)).toBe(true);
    act(() => result.current.remove(3));
    expect(result.current.ids).toEqual([7]);
    act(() => result.current.clear());
    expect(result.current.ids).toEqual([]);
  });

  it('survives a remount (a reload of the tab) and ignores a tampered store', () => {
    const first = renderHook(() => useCart());
    act(() => first.result.current.add(5));
    first.unmount();
    expect(renderHook(() => useCart()).result.current.ids).toEqual([5]);
    cleanup();
    sessionStorage.setItem(CART_STORAGE_KEY, JSON.stringify([1, 'x', -2, 2.5, 4]));
    expect(renderHook(() => useCart()).result.current.ids).toEqual([1, 4]);
  });
});
