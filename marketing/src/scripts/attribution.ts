// First-party ad attribution in the browser (decision 232): every public page records the touch its URL and
// referrer make (utm_*, gclid, gbraid, wbraid, fbclid, another site) in this site's localStorage, first and
// last, for 90 days; the checkouts and sign-up forms send what is kept. No script from an ad platform.
import { touchFromVisit, withTouch, type Attribution } from '@tm/shared/logic/attribution';

const KEY = 'tl_attribution';

function read(): Attribution | null {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? 'null') as Attribution | null;
  } catch {
    return null;
  }
}

/** Called once per page view: a tagged or referred visit becomes the last touch (and the first when none is kept). */
export function recordVisit(): void {
  try {
    const now = new Date();
    const next = withTouch(read(), touchFromVisit(window.location.href, document.referrer, now), now);
    if (next) localStorage.setItem(KEY, JSON.stringify(next));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode, blocked): the visit is simply not attributed.
  }
}

/** What the forms send as `attribution` (touches past 90 days already dropped); null when nothing is kept. */
export function keptAttribution(): Attribution | null {
  try {
    return withTouch(read(), null, new Date());
  } catch {
    return null;
  }
}

/** A form's payload with the kept attribution added (nothing added when none is kept). */
export function withAttribution<T extends object>(body: T): T & { attribution?: Attribution } {
  const attribution = keptAttribution();
  return attribution ? { ...body, attribution } : body;
}
