// The transfer ledger's schemas, one import path for the portal forms and the API routes alike. The pieces
// live by what they do: the shared fields, the delivered-call callback and hand entry (transfer-calls), the
// agent's controls (transfer-controls), disputes and the audit log (transfer-disputes), and the lists,
// ledger and receipts (transfer-lists).
export * from './transfer-fields.ts';
export * from './transfer-calls.ts';
export * from './transfer-controls.ts';
export * from './transfer-disputes.ts';
export * from './transfer-lists.ts';
