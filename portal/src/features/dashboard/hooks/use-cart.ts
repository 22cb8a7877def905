// The appointment cart: a list of appointment ids (add, remove, clear), kept for the browser tab so
// switching panels or reloading does not empty it.
import { useCallback, useEffect, useState } from 'react';

export const CART_STORAGE_KEY = 'dashboard-appointment-cart';

function read(): number[] {
  try {
    const raw = JSON.parse(sessionStorage.getItem(CART_STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(raw) ? raw.filter((n): n is number => Number.isInteger(n) && n > 0) : [];
  } catch {
    return [];
  }
}

export function useCart() {
  const [ids, setIds] = useState<number[]>(read);
  useEffect(() => {
    try {
      sessionStorage.setItem(CART_STORAGE_KEY, JSON.stringify(ids));
    } catch {
      /* storage unavailable: the cart lives in memory only */
    }
  }, [ids]);
  const add = useCallback((id: number) => setIds((c) => (c.includes(id) ? c : [...c, id])), []);
  const remove = useCallback((id: number) => setIds((c) => c.filter((x) => x !== id)), []);
  const clear = useCallback(() => setIds([]), []);
  return { ids, add, remove, clear, has: (id: number) => ids.includes(id) };
}
