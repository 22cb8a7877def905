// When the card provider had to redirect (e.g. 3-D Secure), the browser comes back to the
// dashboard with ?payment_intent=...&redirect_status=...: ask the server whether the purchase is
// recorded, tell the agent, and drop those parameters from the URL.
import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useToast, type ToastInput } from '../../../components/toast.tsx';
import { RECORD_FAILED_TEXT } from '../../../lib/messages.ts';

export function useReturnedPayment(onReturn: (paymentIntentId: string, succeeded: boolean) => void) {
  const [params, setParams] = useSearchParams();
  const handled = useRef<string | null>(null);
  const intent = params.get('payment_intent');
  const status = params.get('redirect_status');
  useEffect(() => {
    if (!intent || !status || handled.current === intent) return;
    handled.current = intent;
    onReturn(intent, status === 'succeeded');
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const k of ['payment_intent', 'payment_intent_client_secret', 'redirect_status']) next.delete(k);
        return next;
      },
      { replace: true },
    );
  }, [intent, status, onReturn, setParams]);
}

/**
 * The panels' answer to a returned payment: a failed one is reported; a succeeded one is recorded
 * through `confirm`, then `recorded(result)` is shown, or the recording failure. Pass a stable
 * `recorded` (module level) so the handler keeps its identity.
 */
export function useConfirmReturnedPayment<R>(confirm: (paymentIntentId: string) => Promise<R>, recorded: (result: R) => ToastInput) {
  const toast = useToast();
  const onReturn = useCallback(
    (paymentIntentId: string, succeeded: boolean) => {
      if (!succeeded) {
        toast({ title: 'Payment Failed', description: 'Failed to process payment', variant: 'destructive' });
        return;
      }
      confirm(paymentIntentId).then(
        (r) => toast(recorded(r)),
        () => toast({ title: 'Error', description: RECORD_FAILED_TEXT, variant: 'destructive' }),
      );
    },
    [confirm, recorded, toast],
  );
  useReturnedPayment(onReturn);
}
