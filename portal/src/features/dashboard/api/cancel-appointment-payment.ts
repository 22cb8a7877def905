// POST /api/vapi/cancel-appointment-payment: the agent closed the payment form; the cart's
// appointments go back on sale at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import { availableAppointmentsKey } from './available-appointments.ts';

export function cancelAppointmentPayment(paymentIntentId: string): Promise<{ status: string }> {
  return api.requestJson('POST', '/api/vapi/cancel-appointment-payment', { payment_intent_id: paymentIntentId });
}

export function useCancelAppointmentPayment() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: cancelAppointmentPayment, onSettled: () => qc.invalidateQueries({ queryKey: availableAppointmentsKey }) });
}
