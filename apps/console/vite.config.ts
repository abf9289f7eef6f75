import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The server `npm start` runs (`affordance serve` listens on 3000 by default; override with AFFORDANCE_SERVER). */
const server = process.env.AFFORDANCE_SERVER ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  // Workspace packages resolve to their TypeScript sources, so building the console needs no `dist`.
  resolve: { conditions: ['@affordance/source', 'browser', 'module', 'import', 'default'] },
  // The server package ships the built console (packages/server/console) and serves it at `/`.
  build: {
    outDir: fileURLToPath(new URL('../../packages/server/console', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: false },
      '/agui': { target: server, changeOrigin: false },
      '/mcp': { target: server, changeOrigin: false },
    },
  },
});
