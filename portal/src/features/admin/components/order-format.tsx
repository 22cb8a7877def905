// What the Orders tab's pieces share: amounts and times as the admin reads them, and the status and
// fulfilment badges.
import { centsToDecimal } from '@tm/shared';
import { formatDateTime } from '@tm/shared/logic/format';
import { ADMIN_ORDER_STATUS_LABELS, FULFILMENT_LABELS, type AdminOrderSummary } from '@tm/shared/schemas/admin-business';

export const money = (cents: number) => `$${centsToDecimal(cents)}`;
// Order times through the portal's one formatter, on the New York clock with the zone named.
export const when = (iso: string | null) => formatDateTime(iso);
export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function StatusBadge({ status }: { status: AdminOrderSummary['status'] }) {
  const tone =
    status === 'paid'
      ? 'adm-badge-ok'
      : status === 'refunded' || status === 'partially_refunded'
        ? 'adm-badge-warn'
        : status === 'pending'
          ? 'adm-badge-basic'
          : 'adm-badge-bad';
  return <span className={`adm-badge ${tone}`}>{ADMIN_ORDER_STATUS_LABELS[status] ?? status}</span>;
}

export function FulfilmentBadge({ value }: { value: string | null }) {
  if (!value) return null;
  return <span className={`adm-badge ${value === 'fulfilled' ? 'adm-badge-ok' : 'adm-badge-warn'}`}>{FULFILMENT_LABELS[value] ?? value}</span>;
}
