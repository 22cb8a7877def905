// First-party ad attribution (issue 37 point 1, decision 232): what a landing URL and its referrer say about
// the ad, keyword or campaign that brought a visitor, kept as a first and a last touch for 90 days. Pure and
// browser-safe: the public pages record touches with it, and the server cuts what a browser sends with it.

/** The query parameters kept, as ad platforms and analytics tools name them. */
export const ATTRIBUTION_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'gclid', 'gbraid', 'wbraid', 'fbclid'] as const;
export type AttributionParam = (typeof ATTRIBUTION_PARAMS)[number];

/** A touch is kept this long from when it happened (Google Ads' longest click-through window, and Meta's click id lifetime). */
export const ATTRIBUTION_MAX_AGE_DAYS = 90;
export const ATTRIBUTION_MAX_AGE_MS = ATTRIBUTION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000;

/** Longest value kept per field (characters); longer values are cut, never refused. */
export const ATTRIBUTION_LIMITS = {
  source: 100,
  medium: 100,
  campaign: 200,
  term: 200,
  content: 200,
  gclid: 255,
  gbraid: 255,
  wbraid: 255,
  fbclid: 255,
  referrer: 500,
  landing: 300,
} as const;
export type TouchField = keyof typeof ATTRIBUTION_LIMITS;
export const TOUCH_FIELDS = Object.keys(ATTRIBUTION_LIMITS) as TouchField[];

/** One visit that came from somewhere: its fields (null when absent) and when it happened (ISO). */
export type Touch = { [K in TouchField]: string | null } & { at: string };
export interface Attribution {
  first: Touch | null;
  last: Touch | null;
}

const PARAM_FIELD: Record<AttributionParam, TouchField> = {
  utm_source: 'source',
  utm_medium: 'medium',
  utm_campaign: 'campaign',
  utm_term: 'term',
  utm_content: 'content',
  gclid: 'gclid',
  gbraid: 'gbraid',
  wbraid: 'wbraid',
  fbclid: 'fbclid',
};

// C0/C1 controls and the line/paragraph separators: never kept (a value is one line of text).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** A value as kept: text only, controls removed, trimmed, cut to the field's length; null when empty. */
export function cutValue(field: TouchField, v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const s = Array.from(v.replace(CONTROL, '').trim()).slice(0, ATTRIBUTION_LIMITS[field]).join('').trim();
  return s ? s : null;
}

function emptyTouch(at: string): Touch {
  return {
    source: null,
    medium: null,
    campaign: null,
    term: null,
    content: null,
    gclid: null,
    gbraid: null,
    wbraid: null,
    fbclid: null,
    referrer: null,
    landing: null,
    at,
  };
}

/**
 * The touch a page view makes, or null for a direct visit or a move inside the site (those keep the last
 * touch: "last non-direct click"). A visit from another site without utm tags is a referral (source = its host,
 * medium = "referral"); a click id without utm tags names its platform (google / meta, medium "cpc").
 */
export function touchFromVisit(href: string, referrer: string, now: Date): Touch | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  const t = emptyTouch(now.toISOString());
  let tagged = false;
  for (const p of ATTRIBUTION_PARAMS) {
    const v = cutValue(PARAM_FIELD[p], url.searchParams.get(p));
    if (v !== null) {
      t[PARAM_FIELD[p]] = v;
      tagged = true;
    }
  }
  let refHost: string | null = null;
  try {
    refHost = referrer ? new URL(referrer).hostname : null;
  } catch {
    refHost = null;
  }
  const external = refHost !== null && refHost !== url.hostname;
  if (!tagged && !external) return null;
  t.referrer = external ? cutValue('referrer', referrer) : null;
  t.landing = cutValue('landing', url.pathname);
  if (!t.source) {
    if (t.gclid || t.gbraid || t.wbraid) [t.source, t.medium] = ['google', 'cpc'];
    else if (t.fbclid) [t.source, t.medium] = ['facebook', 'cpc'];
    else if (external) [t.source, t.medium] = [cutValue('source', refHost), 'referral'];
  }
  return t;
}

const fresh = (t: Touch | null, now: Date): t is Touch => {
  if (!t) return false;
  const at = Date.parse(t.at);
  return Number.isFinite(at) && now.getTime() - at <= ATTRIBUTION_MAX_AGE_MS;
};

/** What is kept after a page view: the first touch stays while fresh, the visit's touch becomes the last. */
export function withTouch(kept: Attribution | null, touch: Touch | null, now: Date): Attribution | null {
  const first = fresh(kept?.first ?? null, now) ? kept!.first : null;
  const last = touch ?? (fresh(kept?.last ?? null, now) ? kept!.last : null);
  if (!last) return first ? { first, last: first } : null;
  return { first: first ?? last, last };
}

function sanitizeTouch(raw: unknown, now: Date): Touch | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  const at = typeof r.at === 'string' ? Date.parse(r.at) : NaN;
  if (!Number.isFinite(at)) return null;
  // A clock ahead of ours is read as now; older than 90 days is gone.
  const when = Math.min(at, now.getTime());
  if (now.getTime() - when > ATTRIBUTION_MAX_AGE_MS) return null;
  const t = emptyTouch(new Date(when).toISOString());
  for (const f of TOUCH_FIELDS) t[f] = cutValue(f, r[f]);
  return TOUCH_FIELDS.some((f) => t[f] !== null) ? t : null;
}

/**
 * What a browser sent as its attribution, as the server keeps it: never refused (a checkout never fails on
 * it). Fields that are not text are dropped, values cut to ATTRIBUTION_LIMITS, a touch older than 90 days
 * dropped (the last touch then stands as the first), a touch dated in the future dated now. Null when
 * nothing is left.
 */
export function sanitizeAttribution(raw: unknown, now: Date): Attribution | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  return withTouch({ first: sanitizeTouch(r.first, now), last: null }, sanitizeTouch(r.last, now), now);
}

/** How a touch reads in one line: "google / cpc / fex-tx", or "(direct)" for none. */
export function touchLabel(t: Pick<Touch, 'source' | 'medium' | 'campaign'> | null): string {
  if (!t || (!t.source && !t.medium && !t.campaign)) return '(direct)';
  return [t.source ?? '(not set)', t.medium ?? '(not set)', t.campaign ?? '(not set)'].join(' / ');
}
