// One checkout of selected items for leads and appointments (decision 259): the cart, opening the
// order (the server prices it and holds the items), the payment form's outcome (the purchase is
// recorded only by the server's own check of the payment), closing the form (the hold is released),
// and the return from a payment that needed a redirect. What differs by kind is words, listed once here.
import { useCallback, useState } from 'react';
import { ApiError } from '@tm/shared/api-client';
import { NO_LEADS_SELECTED } from '@tm/shared/schemas/leads';
import { EMPTY_CART_MESSAGE, type CheckoutCreated, type PurchaseConfirmation } from '@tm/shared/schemas/dashboard';
import { useToast, type ToastInput } from '../../../components/toast.tsx';
import { NO_CLIENT_SECRET_TEXT, RECORD_FAILED_TEXT } from '../../../lib/messages.ts';
import { useCancelItemCheckout, useConfirmItemPurchase, useCreateItemCheckout, type ItemKind } from '../api/item-checkout.ts';
import { useItemCart, type CartItem } from './use-item-cart.ts';
import { useConfirmReturnedPayment } from './use-returned-payment.ts';

interface KindWords {
  /** Checkout with nothing chosen. */
  empty: ToastInput;
  /** The title of a refused start, and the text when the server gave none. */
  refusedTitle: string;
  refusedText: string;
  /** A refusal because items were just sold (409) empties the selection. */
  clearOnConflict: boolean;
  /** The toast of a recorded purchase of `count` items. */
  recorded: (count: number) => ToastInput;
  celebrate: boolean;
}

/** The words of the spec (docs/product/portal.md#agent-dashboard), by kind. */
export const CHECKOUT_WORDS: Record<ItemKind, KindWords> = {
  lead: {
    empty: { title: 'No Leads Selected', description: NO_LEADS_SELECTED, variant: 'destructive' },
    refusedTitle: 'Bulk Purchase Failed',
    refusedText: 'Failed to purchase leads',
    clearOnConflict: true,
    recorded: (count) => ({
      title: 'Bulk Purchase Successful',
      description: `${count} ${count === 1 ? 'lead' : 'leads'} purchased. You can find them in My Leads.`,
    }),
    celebrate: false,
  },
  appointment: {
    empty: { title: 'Empty Cart', description: EMPTY_CART_MESSAGE, variant: 'destructive' },
    refusedTitle: 'Error',
    refusedText: 'Failed to initiate payment',
    clearOnConflict: false,
    recorded: () => ({ title: 'Payment Successful', description: 'Your order has been processed successfully.' }),
    celebrate: true,
  },
};

async function celebrate() {
  try {
    const { fireConfetti } = await import('@tm/shared/confetti');
    await fireConfetti({ particleCount: 160, spread: 75, origin: { y: 0.6 }, disableForReducedMotion: true });
  } catch {
    /* decoration only */
  }
}

/** An open checkout: the server's order (its amount in cents) and the items it was opened for. */
export interface OpenCheckout extends CheckoutCreated {
  items: CartItem[];
}

export function useItemCheckout(kind: ItemKind) {
  const words = CHECKOUT_WORDS[kind];
  const toast = useToast();
  const cart = useItemCart(kind);
  const create = useCreateItemCheckout(kind);
  const confirm = useConfirmItemPurchase(kind);
  const cancel = useCancelItemCheckout(kind);
  const [open, setOpen] = useState<OpenCheckout | null>(null);

  async function start() {
    if (cart.count === 0) {
      toast(words.empty);
      return;
    }
    const items = cart.items;
    try {
      const order = await create.mutateAsync({ ids: cart.ids, totalCents: cart.totalCents });
      if (!order.clientSecret) {
        toast({ title: words.refusedTitle, description: NO_CLIENT_SECRET_TEXT, variant: 'destructive' });
        return;
      }
      setOpen({ ...order, items });
    } catch (err) {
      toast({ title: words.refusedTitle, description: err instanceof ApiError ? err.serverMessage : words.refusedText, variant: 'destructive' });
      if (words.clearOnConflict && err instanceof ApiError && err.status === 409) cart.clear();
    }
  }

  /** The payment form says the payment succeeded: the server is asked whether it recorded the purchase. */
  async function paid(paymentIntentId: string) {
    const count = open?.items.length ?? cart.count;
    setOpen(null);
    cart.clear();
    try {
      await confirm.mutateAsync(paymentIntentId);
      if (words.celebrate) void celebrate();
      toast(words.recorded(count));
    } catch {
      toast({ title: 'Error', description: RECORD_FAILED_TEXT, variant: 'destructive' });
    }
  }

  function paymentFailed(message: string) {
    toast({ title: 'Payment Failed', description: message || 'Failed to process payment', variant: 'destructive' });
  }

  /** The agent closed the payment form: the held items go back on sale. */
  function close() {
    if (open) cancel.mutate(open.paymentIntentId);
    setOpen(null);
  }

  return { kind, cart, open, start, starting: create.isPending, paid, paymentFailed, close };
}

export type ItemCheckout = ReturnType<typeof useItemCheckout>;

/**
 * Back from a payment that needed a redirect, on the panel the checkout named as its return address:
 * the purchase is recorded through the server and told with the kind's words.
 */
export function useReturnedItemPayment(kind: ItemKind) {
  const confirm = useConfirmItemPurchase(kind);
  const recorded = useCallback((r: PurchaseConfirmation) => CHECKOUT_WORDS[kind].recorded(r.itemIds.length), [kind]);
  useConfirmReturnedPayment(confirm.mutateAsync, recorded);
}
