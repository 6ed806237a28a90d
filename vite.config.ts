import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const API_PORT = Number(process.env.API_PORT ?? 5001);

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '~shared': path.resolve('src/shared'),
      '~web': path.resolve('src/web'),
    },
  },
  build: {
    outDir: 'dist/client',
    sourcemap: true,
    manifest: true,
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
