// POST /api/vapi/confirm-appointment-purchase: asks the server whether the paid cart is recorded.
// Only the intent id is sent: the server checks the payment itself and who it belongs to.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import { availableAppointmentsKey } from './available-appointments.ts';
import { myAppointmentsKey } from './my-appointments.ts';
import { allAppointmentsKey } from '../../../lib/all-appointments.ts';

export interface PurchaseConfirmation {
  success: true;
  recorded: true;
  orderId: number;
  status: 'paid';
  itemIds: number[];
}

export function confirmAppointmentPurchase(paymentIntentId: string): Promise<PurchaseConfirmation> {
  return api.requestJson('POST', '/api/vapi/confirm-appointment-purchase', { payment_intent_id: paymentIntentId });
}

export function useConfirmAppointmentPurchase() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: confirmAppointmentPurchase,
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: allAppointmentsKey }),
        qc.invalidateQueries({ queryKey: availableAppointmentsKey }),
        qc.invalidateQueries({ queryKey: myAppointmentsKey }),
      ]),
  });
}
