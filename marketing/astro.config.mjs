// Static output served by the API process; React islands only where something moves.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { INDEXED_PAGES, PORTAL_PUBLIC_PATHS, siteOrigin } from './src/seo-pages.ts';

// Canonical URLs, the sitemap and robots.txt name this origin (PUBLIC_ORIGIN at build time, decision 235).
const site = siteOrigin(process.env);
const indexed = new Set([...INDEXED_PAGES.map((p) => p.path), ...PORTAL_PUBLIC_PATHS].map((p) => new URL(p, site).href));

/** /sitemap.xml is the sitemap integration's index under the name crawlers try first. */
const sitemapAlias = {
  name: 'sitemap-alias',
  hooks: {
    'astro:build:done': ({ dir }) => {
      fs.copyFileSync(new URL('sitemap-index.xml', dir), fileURLToPath(new URL('sitemap.xml', dir)));
    },
  },
};

export default defineConfig({
  site,
  output: 'static',
  integrations: [
    react(),
    sitemap({
      filter: (page) => indexed.has(page),
      customPages: PORTAL_PUBLIC_PATHS.map((p) => new URL(p, site).href),
    }),
    sitemapAlias,
  ],
  build: { format: 'file', assets: '_astro' },
  trailingSlash: 'never',
  server: { port: 4321 },
  vite: {
    server: { proxy: { '/api': 'http://localhost:3000' } },
  },
  devToolbar: { enabled: false },
  telemetry: false,
});
