import { defineConfig } from 'vite';

// Bundles the server (src/server/main.ts → dist/server/main.js) so `npm start` does not
// compile TypeScript at every start. Dependencies stay external, loaded from node_modules.
export default defineConfig({
  build: {
    ssr: 'src/server/main.ts',
    outDir: 'dist/server',
    emptyOutDir: true,
    sourcemap: true,
    target: 'node20',
    copyPublicDir: false,
  },
});
