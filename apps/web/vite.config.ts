import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs on :8080 (npm run dev:server); Vite proxies to it.
const api = { target: 'http://localhost:8080', changeOrigin: false };

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', assetsDir: 'assets', sourcemap: false, chunkSizeWarningLimit: 800 },
  server: { port: 5173, proxy: { '/api': api, '/anon': api, '/healthz': api, '/readyz': api } },
});
