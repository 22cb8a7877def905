// The portal runs on Preact through its React compatibility layer (preact/compat): the code is written
// against React's API and types, and `react`, `react-dom` and the JSX runtime resolve to Preact here, in
// the dev server and in the build. React 19's DOM renderer alone is about 65 KB gzipped, more than the
// login page's 60 KB budget; Preact is about 7 KB (docs/decisions/100-portal-weight-preact.md).
import { defineConfig } from 'vite';

export const preactAliases = [
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig({
  resolve: { alias: preactAliases },
  esbuild: { jsx: 'automatic', jsxImportSource: 'react' },
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
