// The one cart of the dashboard's checkouts (decision 259): the leads or appointments chosen, each with
// the price the server listed it at, so the running total is the server's own figures summed (the
// server prices the order again). The appointment cart is kept for the browser tab, so switching panels
// or reloading does not empty it; a lead selection lives with its page of the list.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ItemKind } from '../api/item-checkout.ts';

export interface CartItem {
  id: number;
  /** As the list answered it: integer cents. */
  priceCents: number;
}

/** Where a kind's cart is kept for the tab (none: in memory only). */
export const CART_STORAGE_KEYS: Partial<Record<ItemKind, string>> = { appointment: 'dashboard-appointment-cart' };

const isCartItem = (x: unknown): x is CartItem => {
  const v = x as Partial<CartItem> | null;
  return typeof v === 'object' && v !== null && Number.isInteger(v.id) && v.id! > 0 && Number.isInteger(v.priceCents) && v.priceCents! >= 0;
};

function read(key: string | undefined): CartItem[] {
  if (!key) return [];
  try {
    const raw = JSON.parse(sessionStorage.getItem(key) ?? '[]') as unknown;
    if (!Array.isArray(raw)) return [];
    const seen = new Set<number>();
    return raw.filter(isCartItem).filter((i) => !seen.has(i.id) && seen.add(i.id) !== undefined);
  } catch {
    return [];
  }
}

const own = ({ id, priceCents }: CartItem): CartItem => ({ id, priceCents });

export function useItemCart(kind: ItemKind) {
  const key = CART_STORAGE_KEYS[kind];
  const [items, setItems] = useState<CartItem[]>(() => read(key));
  useEffect(() => {
    if (!key) return;
    try {
      sessionStorage.setItem(key, JSON.stringify(items));
    } catch {
      /* storage unavailable: the cart lives in memory only */
    }
  }, [key, items]);
  const add = useCallback((item: CartItem) => setItems((c) => (c.some((x) => x.id === item.id) ? c : [...c, own(item)])), []);
  const remove = useCallback((id: number) => setItems((c) => c.filter((x) => x.id !== id)), []);
  const clear = useCallback(() => setItems([]), []);
  /** The cart becomes exactly these items (select all on a page). */
  const replace = useCallback((next: CartItem[]) => setItems(next.map(own)), []);
  return useMemo(() => {
    const ids = items.map((i) => i.id);
    return {
      items,
      ids,
      count: items.length,
      totalCents: items.reduce((s, i) => s + i.priceCents, 0),
      has: (id: number) => ids.includes(id),
      add,
      remove,
      clear,
      replace,
    };
  }, [items, add, remove, clear, replace]);
}

export type ItemCart = ReturnType<typeof useItemCart>;
