// Which public pages search engines are asked to index (issue 37 point 4, decision 235): the sitemap lists
// exactly these (and the portal's public /login and /training); every other built page (checkouts,
// confirmations, the onboarding surveys that are the go./ghl. host variants of "/", the redirect, the 404)
// carries noindex and stays out of the sitemap. Each indexed page gets its own preview image (/og/<slug>.png)
// with its headline, drawn at build time. Plain TypeScript: astro.config.mjs, the layout and the tests read it.

export interface IndexedPage {
  /** The page's path ('/' for the home page). */
  path: string;
  /** The preview image's name under /og/ (without .png). */
  slug: string;
  /** The line drawn on the preview image. */
  headline: string;
}

export const INDEXED_PAGES: IndexedPage[] = [
  { path: '/', slug: 'home', headline: 'Live call transfers for insurance agents' },
  { path: '/pricing', slug: 'pricing', headline: 'Pay per qualified live transfer' },
  { path: '/standard-pricing', slug: 'standard-pricing', headline: 'Standard live transfer pricing' },
  { path: '/special-pricing', slug: 'special-pricing', headline: 'Special offer pricing' },
  { path: '/premium-pricing', slug: 'premium-pricing', headline: 'Premium volume pricing' },
  { path: '/enterprise-pricing', slug: 'enterprise-pricing', headline: 'Enterprise volume pricing' },
  { path: '/ultimate-pricing', slug: 'ultimate-pricing', headline: 'Ultimate volume pricing' },
  { path: '/ringcloud', slug: 'ringcloud', headline: 'RingCloud: transfers, call-backs and aged leads' },
  { path: '/agentleadlab', slug: 'agentleadlab', headline: 'Agent Lead Labs: register for live transfers' },
  { path: '/affnetwork', slug: 'affnetwork', headline: 'Join our partner network' },
  { path: '/agentresources', slug: 'agentresources', headline: 'Free resources for insurance agents' },
  { path: '/fex-quoter', slug: 'fex-quoter', headline: 'Final expense premium quoter' },
  { path: '/sales-roleplay', slug: 'sales-roleplay', headline: 'AI sales roleplay training' },
  { path: '/brightcalldocs', slug: 'brightcalldocs', headline: 'Voice-AI webhook documentation' },
  { path: '/webhooksdocs', slug: 'webhooksdocs', headline: 'CRM webhooks documentation' },
];

/** The portal's public pages (served by the portal, listed in the sitemap by hand). */
export const PORTAL_PUBLIC_PATHS = ['/login', '/training'];

/** The preview image of pages that are not indexed. */
export const DEFAULT_OG_SLUG = 'home';

/** The site's origin for canonical URLs, the sitemap and robots.txt: PUBLIC_ORIGIN at build time. */
export function siteOrigin(env: Record<string, string | undefined>): string {
  const v = env.PUBLIC_ORIGIN?.trim();
  try {
    if (v) return new URL(v).origin;
  } catch {
    // fall through to the development default
  }
  return 'http://localhost:3000';
}

/** The path a built page answers at (variant files answer at their base path). */
export function canonicalPath(pathname: string): string {
  const p =
    pathname
      .replace(/\.html$/, '')
      .replace(/\/index$/, '/')
      .replace(/(.)\/$/, '$1') || '/';
  const variant = /^\/variants\/(thank-you|onboarding-success)(-[a-z]+)?$/.exec(p);
  return variant ? `/${variant[1]}` : p;
}

export const indexedPage = (path: string): IndexedPage | undefined => INDEXED_PAGES.find((p) => p.path === path);
