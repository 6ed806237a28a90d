import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';

const API_PORT = Number(process.env.API_PORT ?? 5001);

/** PWA (spec §7): manifest, and the worker built from src/web/sw.ts with the precache list injected. */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/web',
  filename: 'sw.ts',
  // Registration lives in src/web/lib/service-worker.ts (workbox-window), not an injected script.
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  // The glob below already lists the icons; the plugin adds the manifest itself.
  includeManifestIcons: false,
  manifest: {
    id: '/',
    name: 'Inkhaven',
    short_name: 'Inkhaven',
    description: 'Find and book tattoo and piercing artists you can trust.',
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#1c1917',
    background_color: '#fafaf9',
    categories: ['lifestyle', 'shopping'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    rollupFormat: 'iife',
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
    globIgnores: ['icons/og-default.png', 'service-worker.js', 'manifest.webmanifest'],
  },
  devOptions: { enabled: false },
  integration: {
    // The plugin names the worker after its source (sw.ts → sw.js); spec §7 fetches /service-worker.js.
    beforeBuildServiceWorker(options) {
      options.filename = 'service-worker.js';
      options.swDest = path.resolve(options.outDir, options.filename);
      options.injectManifest.swDest = options.swDest;
    },
  },
});

export default defineConfig({
  plugins: [react(), tailwindcss(), pwa],
  resolve: {
    alias: {
      '~shared': path.resolve('src/shared'),
      '~web': path.resolve('src/web'),
    },
  },
  build: {
    outDir: 'dist/client',
    // Written for debugging, named by no file (hidden) and served only with SERVE_SOURCE_MAPS.
    sourcemap: 'hidden',
    manifest: true,
    // Every browser the app supports preloads modules natively; the polyfill only cost initial JavaScript.
    modulePreload: { polyfill: false },
  },
  ssr: {
    noExternal: ['radix-ui', /^@radix-ui\//],
  },
  server: {
    port: Number(process.env.PORT ?? 5000),
    proxy: {
      '/api': `http://127.0.0.1:${API_PORT}`,
      '/ws': { target: `ws://127.0.0.1:${API_PORT}`, ws: true },
      '/uploads': `http://127.0.0.1:${API_PORT}`,
    },
  },
});
