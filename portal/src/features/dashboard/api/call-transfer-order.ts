// POST /api/call-transfer-order: the live-transfer order; the server prices it and answers the clientSecret.
import { useMutation } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import { LIVE_TRANSFER_LEAD_TYPE, type TransferOrderCreated, type TransferOrderInput } from '@tm/shared/schemas/dashboard';

export function createCallTransferOrder(input: TransferOrderInput): Promise<TransferOrderCreated> {
  return api.requestJson('POST', '/api/call-transfer-order', { ...input, leadType: LIVE_TRANSFER_LEAD_TYPE });
}

export function useCallTransferOrder() {
  return useMutation({ mutationFn: createCallTransferOrder });
}
