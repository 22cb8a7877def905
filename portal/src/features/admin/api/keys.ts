// Query keys of the admin feature: mutations invalidate by these prefixes.
export const adminKeys = {
  users: ['admin', 'users'] as const,
  appointments: ['admin', 'appointments'] as const,
  status: ['admin', 'brightcall-status'] as const,
  pool: ['admin', 'lead-pool'] as const,
  saleLeads: ['admin', 'sale-leads'] as const,
  inventory: ['admin', 'lead-inventory'] as const,
  importErrors: ['admin', 'lead-import-errors'] as const,
  orders: ['admin', 'orders'] as const,
  applications: ['admin', 'partner-applications'] as const,
  signups: ['admin', 'signups'] as const,
  outbox: ['admin', 'outbox'] as const,
  dncLists: ['admin', 'dnc-lists'] as const,
  audit: ['admin', 'audit'] as const,
  appointment: ['admin', 'appointment'] as const,
};
