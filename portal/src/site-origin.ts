// The site's public origin, for the canonical URL of the public screens (decision 235): PUBLIC_ORIGIN at
// build time (vite.config.ts defines __SITE_ORIGIN__), else the page's own origin (tests, `npm run dev`).
declare const __SITE_ORIGIN__: string | undefined;

export const SITE_ORIGIN: string = typeof __SITE_ORIGIN__ === 'string' ? __SITE_ORIGIN__ : window.location.origin;
