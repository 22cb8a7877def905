// Query keys of the transfer ledger: the first element is the URL the default read fetches.
export const transfersKey = ['/api/transfers'] as const;
export const balanceKey = ['/api/transfers/balance'] as const;
export { settingsKey } from '../../../lib/get-settings.ts';
export const ledgerKey = ['/api/ledger'] as const;
export const receiptKey = (orderId: number) => ['/api/orders', orderId, 'receipt'] as const;
