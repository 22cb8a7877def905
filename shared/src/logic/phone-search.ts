// Phones in one searchable form (issue 36 point 5): the digits only, a leading US country code dropped, so
// "(615) 555-0142", "615-555-0142", "6155550142" and "+1 615 555 0142" are all 6155550142. The server stores
// this beside each searchable phone (an indexed `phone_digits` column) and a search that is a phone is
// matched on it by equality, never by LIKE over the formatted text.

/** The phone's digits, without a leading US "1" on an 11-digit number; at most 15 digits (E.164). */
export function phoneDigits(phone: string | null | undefined): string {
  let d = (phone ?? '').replace(/\D/g, '');
  if (d.length === 11 && d.startsWith('1')) d = d.slice(1);
  return d.slice(0, 15);
}

/**
 * The digits to look up when a search box's whole text is a phone number (only digits, spaces and ( ) - . +,
 * 10 digits or more once normalised); null when it is not (a name, an e-mail, a part of a number).
 */
export function phoneSearchDigits(q: string | null | undefined): string | null {
  const text = (q ?? '').trim();
  if (!/^[\d\s().+-]+$/.test(text)) return null;
  const d = phoneDigits(text);
  return d.length >= 10 ? d : null;
}

/**
 * A phone as a dialer takes it (E.164, decision 271): a US number of 10 digits (or 11 with the leading 1) as
 * "+1" and its 10 digits; a number typed with a leading "+" and 11 to 15 digits as "+" and those digits; null
 * when it is empty or cannot be read as either (the caller then rings the number it has, as when none is set).
 */
export function dialablePhone(phone: string | null | undefined): string | null {
  const text = (phone ?? '').trim();
  const d = text.replace(/\D/g, '');
  if (d.length === 10 && /^[2-9]/.test(d)) return `+1${d}`;
  if (d.length === 11 && /^1[2-9]/.test(d)) return `+${d}`;
  if (text.startsWith('+') && d.length >= 11 && d.length <= 15 && !d.startsWith('0')) return `+${d}`;
  return null;
}
