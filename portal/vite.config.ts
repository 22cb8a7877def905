// The portal ships React and react-dom (decision 190), built with @vitejs/plugin-react (the automatic JSX
// runtime, and Fast Refresh in `npm run dev`). Every screen but /login is its own lazily loaded chunk
// (src/app/router.tsx); bench/page-weight.ts and e2e/tests/portal-bundle.spec.ts hold the budgets.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { portalPaths } from '@tm/shared/portal-paths';
import { firstScreenPreload } from './first-screen-preload.ts';

// The site's origin for the canonical URL and the share tags of the public screens (PUBLIC_ORIGIN at build
// time, as the public site's; decision 235).
const siteOrigin = (() => {
  try {
    return new URL(process.env.PUBLIC_ORIGIN?.trim() || 'http://localhost:3000').origin;
  } catch {
    return 'http://localhost:3000';
  }
})();

export default defineConfig({
  define: { __SITE_ORIGIN__: JSON.stringify(siteOrigin) },
  plugins: [
    react(),
    { name: 'site-origin', transformIndexHtml: (html: string) => html.replaceAll('%SITE_ORIGIN%', siteOrigin) },
    // The route table's and the portal home's chunks download with the page (decision 205).
    firstScreenPreload({
      routerModule: 'src/app/router.tsx',
      screens: { [portalPaths.dashboard]: 'src/app/DashboardPage.tsx' },
      loginPath: portalPaths.login,
    }),
  ],
  build: {
    outDir: 'dist',
    assetsDir: 'app-assets',
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      // "use client" at the top of library modules means nothing in a client-only bundle.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
});
