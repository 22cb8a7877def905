// Static output served by the API process; React islands only where something moves.
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

export default defineConfig({
  output: 'static',
  integrations: [react()],
  build: { format: 'file', assets: '_astro' },
  trailingSlash: 'never',
  server: { port: 4321 },
  vite: {
    server: { proxy: { '/api': 'http://localhost:3000' } },
  },
  devToolbar: { enabled: false },
  telemetry: false,
});
