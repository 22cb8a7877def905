// Customer names of items for sale are masked before they reach a buyer: first name, the first two
// letters of the last name, then up to three X; a short last name keeps fewer letters, so at least one
// is always hidden (issue 34 item 8). Used by the API (so the full name never leaves the server) and by
// the portal.

export const UNKNOWN_CUSTOMER = 'Unknown Customer';
/** Letters of the last name shown, at most (always fewer than the name has). */
const SHOWN = 2;
const MAX_X = 3;

export function maskCustomerName(name: string | null | undefined): string {
  const parts = String(name ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (parts.length === 0) return UNKNOWN_CUSTOMER;
  const first = parts[0]!;
  if (parts.length === 1) return first;
  // Middle names are dropped: they would say more about the customer than the rule allows.
  const last = parts[parts.length - 1]!;
  return `${first} ${maskLastName(last)}`;
}

function maskLastName(last: string): string {
  const shown = Math.min(SHOWN, last.length - 1);
  return `${last.slice(0, shown)}${'X'.repeat(Math.min(MAX_X, last.length - shown))}`;
}

/** A phone number of an item for sale: only the last four digits. */
export function maskPhone(phone: string | null | undefined): string {
  const digits = String(phone ?? '').replace(/\D/g, '');
  if (digits.length < 4) return '';
  return `***-***-${digits.slice(-4)}`;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A preview text of an item for sale (a transcript tail) with the customer's full last name
 * masked the same way as the name, and their phone number reduced to its last four digits.
 */
export function redactCustomer(text: string, name: string | null | undefined, phone: string | null | undefined): string {
  let out = text;
  const parts = String(name ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const last = parts.length > 1 ? parts[parts.length - 1]! : '';
  // A one-letter last name is not looked for in prose (it would mask every "a"); two letters and more are.
  if (last.length >= 2) out = out.replace(new RegExp(`\\b${escapeRegExp(last)}\\b`, 'gi'), maskLastName(last));
  const digits = String(phone ?? '').replace(/\D/g, '');
  if (digits.length >= 7) {
    // The number as spoken or typed: its digits with any separators between them.
    const pattern = digits.split('').map(escapeRegExp).join('[\\s().-]*');
    out = out.replace(new RegExp(`\\(?${pattern}`, 'g'), maskPhone(digits));
  }
  return out;
}
