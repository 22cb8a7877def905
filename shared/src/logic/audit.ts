// The audit log read by people: one sentence per entry ("Refunded $50.00 of order #12") and its changes as
// "Field: old → new", from the action and the before/after values the services record. The admin
// screen and the CSV export both use it, so they say the same thing.
import { formatUsd } from '../catalogue/index.ts';
import { BUYER_PRICE_KIND_LABELS, type BuyerPriceKind } from '../schemas/buyer-prices.ts';

export interface AuditChange {
  field: string;
  from: string;
  to: string;
}

type Values = Record<string, unknown> | null;

const FIELD_LABELS: Record<string, string> = {
  email: 'E-mail',
  firstName: 'First name',
  lastName: 'Last name',
  agencyName: 'Agency',
  role: 'Role',
  phone: 'Phone',
  state: 'State',
  isAdmin: 'Admin',
  liveTransferPriceCents: 'Transfer price',
  unpaidOrdersKeepingQuote: 'Unpaid orders that keep their quoted price',
  deactivatedAt: 'Deactivated',
  status: 'Status',
  note: 'Note',
  reason: 'Reason',
  amountCents: 'Amount',
  refundedCents: 'Refunded in all',
  transfersRemoved: 'Transfers taken back',
  count: 'Count',
  customerName: 'Name',
  customerPhone: 'Phone',
  customerEmail: 'E-mail',
  customerState: 'State',
  extractedAppointmentDateTime: 'Callback time',
  leadQuality: 'Quality',
  notes: 'Notes',
  buyerId: 'Agent',
  agent: 'Agent',
  title: 'Title',
  description: 'Description',
  videoUrl: 'Video URL',
  section: 'Section',
  thumbnailUrl: 'Thumbnail URL',
  duration: 'Duration (s)',
  sortOrder: 'Order',
  isActive: 'Active',
  toEmail: 'To',
  subject: 'Subject',
  adminStatus: 'Status',
  mapping: 'Columns',
  dryRun: 'Trial run',
  filename: 'File',
  target: 'Target',
  kind: 'Kind',
  paused: 'Paused',
  creditedCents: 'Credited',
  priceCents: 'Price',
};

/** "liveTransferPriceCents" → "Transfer price"; an unknown key → "Some key". */
export function fieldLabel(key: string): string {
  return (
    FIELD_LABELS[key] ??
    key
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .replace(/^./, (c) => c.toUpperCase())
      .replace(/ ([A-Z])/g, (_, c: string) => ` ${c.toLowerCase()}`)
  );
}

/** One value as a person reads it: money for *Cents, yes/no, "(none)" for empty. */
export function auditValue(key: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '(none)';
  if (key.endsWith('Cents') && typeof v === 'number') return formatUsd(v, { cents: true });
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (Array.isArray(v)) return v.map((x) => auditValue('', x)).join(', ');
  if (typeof v === 'object') {
    return Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${k} = ${auditValue(k, x)}`)
      .join(', ');
  }
  return String(v);
}

const asValues = (v: unknown): Values => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

/** Every field that differs between before and after (or is only on one side), in a stable order. */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const b = asValues(before);
  const a = asValues(after);
  if (!b || !a) return [];
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .filter((k) => JSON.stringify(b[k] ?? null) !== JSON.stringify(a[k] ?? null))
    .map((k) => ({ field: fieldLabel(k), from: auditValue(k, b[k]), to: auditValue(k, a[k]) }));
}

/** "Field: old → new" for each change; "; " between them (the CSV's one cell). */
export function changesText(changes: AuditChange[]): string {
  return changes.map((c) => `${c.field}: ${c.from} → ${c.to}`).join('; ');
}

export interface DescribeInput {
  action: string;
  entity: string;
  entityId: number | null;
  subject: string | null;
  before: unknown;
  after: unknown;
}

const money = (v: unknown) => (typeof v === 'number' ? formatUsd(v, { cents: true }) : '');
const plural = (n: unknown, one: string, many = `${one}s`) => `${String(n)} ${Number(n) === 1 ? one : many}`;

/** "; unpaid order #12 keeps the price it was quoted" after a price change (decision 270), else nothing. */
function quoteKept(a: Record<string, unknown>): string {
  const ids = Array.isArray(a.unpaidOrdersKeepingQuote) ? a.unpaidOrdersKeepingQuote : [];
  if (!ids.length) return '';
  return `; unpaid order${ids.length === 1 ? '' : 's'} ${ids.map((id) => `#${String(id)}`).join(', ')} keep${ids.length === 1 ? 's' : ''} the price quoted`;
}

/** The sentence of one entry. Unknown actions read as their name with the record ("user.foo on user #3"). */
export function describeAudit(e: DescribeInput): string {
  const a = asValues(e.after) ?? {};
  const b = asValues(e.before) ?? {};
  const id = e.entityId === null ? '' : ` #${e.entityId}`;
  const who = e.subject ? ` ${e.subject}` : '';
  switch (e.action) {
    case 'user.created':
      return `Created the ${a.isAdmin ? 'admin' : 'agent'} account${who}`;
    case 'user.updated':
      return `Edited the account${who}`;
    case 'user.price_changed':
      return `Set the transfer price of${who || ' the account'} to ${a.liveTransferPriceCents === null ? 'the default' : money(a.liveTransferPriceCents)}${quoteKept(a)}`;
    case 'user.buyer_price_set':
    case 'user.buyer_price_removed': {
      // A buyer's own price of leads or appointments (decision 251), for every state or one.
      const label = BUYER_PRICE_KIND_LABELS[String(a.kind) as BuyerPriceKind] ?? String(a.kind);
      const what = `${/^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label}${a.state ? ` in ${String(a.state)}` : ''}`;
      const whose = who || ' the account';
      return e.action === 'user.buyer_price_removed'
        ? `Removed the price of ${what} for${whose} (${money(b.priceCents)})${quoteKept(a)}`
        : `Set the price of ${what} for${whose} to ${money(a.priceCents)}${quoteKept(a)}`;
    }
    case 'user.password_set':
      return `Set a new password for${who || ' the account'}`;
    case 'user.set_password_link':
      return a.emailed ? `E-mailed a set-password link to${who || ' the account'}` : `Made a set-password link for${who || ' the account'}`;
    case 'user.admin_created':
      return `Created the admin account${who} from the command line (npm run admin:create)`;
    case 'user.admin_promoted':
      return `Made${who || ' the account'} an admin from the command line (npm run admin:create)`;
    case 'user.low_balance_threshold':
      return `Set the low-balance threshold of${who || ' the account'} to ${a.lowBalanceThreshold === 0 ? 'never' : plural(a.lowBalanceThreshold, 'transfer')}`;
    case 'user.deactivated':
      return `Deactivated${who || ' the account'}`;
    case 'user.reactivated':
      return `Reactivated${who || ' the account'}`;
    case 'user.staff_alerts':
      return `Turned staff alert e-mails ${a.staffAlerts ? 'on' : 'off'}`;
    case 'order.refunded':
      return `Refunded ${money(a.amountCents)} of order${id}${a.transfersRemoved ? `, taking back ${plural(a.transfersRemoved, 'transfer')}` : ''}${a.reason ? ` (${String(a.reason)})` : ''}`;
    case 'order.checkout_link_sent':
      return `Sent a checkout link for order${id}${who ? ` to${who}` : ''}`;
    case 'order.canceled':
      return `Canceled unpaid order${id} (${money(a.amountCents)})`;
    case 'order.fulfilled':
      return `Delivered ${plural(a.count, String(a.product) === 'callbacks' ? 'call-back' : 'lead')} on order${id}; ${String(a.owed ?? 0)} still owed`;
    case 'lead_import.uploaded':
      return `Uploaded the lead file ${String(a.filename ?? '')} (import${id})`;
    case 'lead_import.run':
      return `${a.dryRun ? 'Checked' : 'Ran'} lead import${id}`;
    case 'lead.assigned':
      return `Assigned ${plural(a.count, 'lead')} to${who || ' an agent'}${a.batchId ? ` (batch #${String(a.batchId)})` : ''}`;
    case 'lead.unassigned':
      return `Took ${plural(a.count, 'lead')} back from${who || ' an agent'}${a.batchId ? ` (undid batch #${String(a.batchId)})` : ''}`;
    case 'lead.reassigned':
      return `Reassigned ${plural(a.count, 'lead')} to${who || ' an agent'}${b.agent ? ` from ${String(b.agent)}` : ''}`;
    case 'lead.deleted':
      return `Deleted ${plural(a.count ?? b.count, 'unsold lead')}${b.from === 'sale' ? ' of the shop' : b.from === 'pool' ? ' waiting for an agent' : ''}`;
    case 'appointment.created':
      return `Created appointment${id} for ${String(a.customerName ?? '')}`;
    case 'appointment.updated':
      return `Edited appointment${id}`;
    case 'appointment.withdrawn':
      return `Withdrew appointment${id} from sale${a.reason ? ` (${String(a.reason)})` : ''}`;
    case 'appointment.restored':
      return `Put appointment${id} back on sale`;
    case 'appointment.assigned':
      return `Assigned appointment${id} to${who || ' an agent'}`;
    case 'appointment.assigned_batch':
      return `Assigned ${plural(a.count, 'appointment')} to${who || ' an agent'} (batch #${String(a.batchId ?? '')})`;
    case 'appointment.unassigned_batch':
      return `Took ${plural(a.count, 'appointment')} back from${who || ' an agent'} (undid batch #${String(a.batchId ?? '')})`;
    case 'appointment.unassigned':
      return `Took appointment${id} back from${who || ' an agent'}`;
    case 'dispute.filed':
      return `Disputed call #${String(a.callId ?? e.entityId ?? '')}`;
    case 'dispute.approved':
      return `Approved dispute${id}${who ? ` of${who}` : ''}`;
    case 'dispute.denied':
      return `Denied dispute${id}${who ? ` of${who}` : ''}`;
    case 'dispute.review_requested':
      return `Asked for a human review of dispute${id}${who ? ` of${who}` : ''}`;
    case 'no_show.approved':
      return `Approved the no-show claim${id}${who ? ` of${who}` : ''}`;
    case 'no_show.denied':
      return `Denied the no-show claim${id}${who ? ` of${who}` : ''}`;
    case 'no_show.credited':
      return `Credited the no-show claim${id}${who ? ` of${who}` : ''} from the call attempts`;
    case 'no_show.referred':
      return `Sent the no-show claim${id}${who ? ` of${who}` : ''} to an admin: the call attempts do not show a no-show`;
    case 'application.reviewed':
      return `Marked partner application${id} ${String(a.status ?? '')}`;
    case 'signup.status':
      return `Marked sign-up${id} ${String(a.adminStatus ?? '')}`;
    case 'mail.resent':
      return `Resent e-mail${id} "${String(a.subject ?? '')}" to ${String(a.toEmail ?? '')}`;
    case 'mail.viewed':
      return `Read e-mail${id} "${String(a.subject ?? '')}" to ${String(a.toEmail ?? '')} in the outbox`;
    case 'user.password_set_by_other':
      return `Set the password${who ? ` of${who}` : ''} with a set-password link while logged in as themselves`;
    case 'training_video.created':
      return `Added the training video "${String(a.title ?? '')}"`;
    case 'training_video.updated':
      return `Edited the training video "${String(a.title ?? b.title ?? '')}"`;
    case 'training_video.deleted':
      return `Deleted the training video "${String(b.title ?? '')}"`;
    case 'call.recorded':
      return `Recorded call${id}${who ? ` for${who}` : ''}`;
    case 'call.credited':
      return `Credited call${id}${who ? ` back to${who}` : ''}`;
    case 'settings.updated':
      return `Changed the transfer controls${who ? ` of${who}` : ''}`;
    case 'agent.paused':
      return `Paused transfers${who ? ` for${who}` : ''}`;
    case 'agent.resumed':
      return `Resumed transfers${who ? ` for${who}` : ''}`;
    default:
      return `${e.action} on ${e.entity}${id}${who ? ` (${who.trim()})` : ''}`;
  }
}

/** The kinds the admin screen filters by: the entity types the services record. */
export const AUDIT_KINDS = [
  { value: 'user', label: 'Users' },
  { value: 'order', label: 'Orders and refunds' },
  { value: 'lead', label: 'Leads' },
  { value: 'lead_import', label: 'Lead imports' },
  { value: 'appointment', label: 'Appointments' },
  { value: 'no_show', label: 'No-show claims' },
  { value: 'dispute', label: 'Transfer disputes' },
  { value: 'call', label: 'Transfer calls' },
  { value: 'settings', label: 'Transfer controls' },
  { value: 'agent', label: 'Transfer pauses' },
  { value: 'application', label: 'Partner applications' },
  { value: 'signup', label: 'Sign-ups' },
  { value: 'mail', label: 'E-mail' },
  { value: 'training_video', label: 'Training videos' },
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number]['value'];
