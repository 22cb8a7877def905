// /robots.txt (decision 235): the public pages open to crawlers; the portal's signed-in screens and the API
// closed; the sitemap named. Pages not meant for search (checkouts, confirmations) stay crawlable so their
// noindex is read.
import type { APIRoute } from 'astro';
import { portalPaths } from '@tm/shared/portal-paths';
import { PORTAL_PUBLIC_PATHS } from '../seo-pages.ts';

/** The portal's paths that are not public, cut to their first segment after a parameter, each once. */
function closedPaths(): string[] {
  const open = new Set([...PORTAL_PUBLIC_PATHS, portalPaths.forgotPassword]);
  const paths = Object.values(portalPaths)
    .filter((p) => !open.has(p))
    .map((p) => p.replace(/\/:.*$/, ''));
  const sorted = [...new Set(paths)].sort();
  return sorted.filter((p) => !sorted.some((q) => q !== p && p.startsWith(`${q}/`)));
}

export const GET: APIRoute = ({ site }) => {
  const lines = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    ...closedPaths().map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${new URL('/sitemap.xml', site).href}`,
    '',
  ];
  return new Response(lines.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
