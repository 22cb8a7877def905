// Build-time configuration of the public site (Astro PUBLIC_* variables, see docs/funnel-config.md).
// Third-party embeds are optional: without a URL the pages show contact details instead of an empty frame.
const env = import.meta.env as unknown as Record<string, string | undefined>;

/** An http(s) URL or null: a malformed value is treated as "not configured". */
function url(name: string): string | null {
  const v = env[name]?.trim();
  if (!v) return null;
  try {
    const u = new URL(v);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : null;
  } catch {
    return null;
  }
}

function text(name: string, fallback: string): string {
  const v = env[name]?.trim();
  return v ? v : fallback;
}

export const site = {
  name: 'TransferLine',
  phone: text('PUBLIC_CONTACT_PHONE', '(800) 555-0199'),
  email: text('PUBLIC_CONTACT_EMAIL', 'support@example.com'),
  /** The AI roleplay practice line; the contact phone when not set. */
  practicePhone: text('PUBLIC_PRACTICE_PHONE', text('PUBLIC_CONTACT_PHONE', '(800) 555-0199')),
  bookingWidgetUrl: url('PUBLIC_BOOKING_WIDGET_URL'),
  websiteBookingUrl: url('PUBLIC_WEBSITE_BOOKING_URL'),
  onboardingSurveyUrl: url('PUBLIC_ONBOARDING_SURVEY_URL'),
  specialSurveyUrl: url('PUBLIC_SPECIAL_SURVEY_URL'),
  formEmbedScriptUrl: url('PUBLIC_FORM_EMBED_SCRIPT_URL'),
};

export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('+') || digits.length !== 10 ? digits : `+1${digits}`}`;
}

export function mailHref(email: string, subject?: string): string {
  return `mailto:${email}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;
}
