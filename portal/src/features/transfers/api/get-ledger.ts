// GET /api/ledger: paid orders, credits and refunds, newest first (GET /api/ledger.csv downloads it).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { LedgerEntry } from '@tm/shared/schemas/transfers';
import { ledgerKey } from './keys.ts';

export const LEDGER_CSV_URL = '/api/ledger.csv';

export async function getLedger(): Promise<{ entries: LedgerEntry[] }> {
  return (await api.getJson<{ entries: LedgerEntry[] }>('/api/ledger'))!;
}

export const ledgerQuery = () => queryOptions({ queryKey: ledgerKey, queryFn: getLedger });

export function useLedger() {
  return useQuery(ledgerQuery());
}
