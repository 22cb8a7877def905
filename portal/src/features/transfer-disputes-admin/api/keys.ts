// Query keys of the admin dispute queue and audit log.
export const disputesKey = ['/api/admin/transfer-disputes'] as const;
export const auditKey = ['/api/admin/transfer-audit'] as const;
