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
