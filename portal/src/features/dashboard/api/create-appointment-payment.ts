// POST /api/vapi/create-appointment-payment: opens the order (and PaymentIntent) for the cart.
// The amount the cart showed is sent so the server can refuse a stale price; it prices the order itself.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { CheckoutCreated } from '@tm/shared/schemas/dashboard';
import { availableAppointmentsKey } from './available-appointments.ts';

export function createAppointmentPayment(input: { appointmentIds: number[]; amount: number }): Promise<CheckoutCreated> {
  return api.requestJson('POST', '/api/vapi/create-appointment-payment', input);
}

export function useCreateAppointmentPayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createAppointmentPayment,
    // Reserved items leave the list for sale (or a lost race shows what is left).
    onSettled: () => qc.invalidateQueries({ queryKey: availableAppointmentsKey }),
  });
}
