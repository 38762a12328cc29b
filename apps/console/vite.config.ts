import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = { target: 'http://localhost:8080', changeOrigin: false };

// The operator platform is served by the API server under /platform/.
export default defineConfig({
  base: '/platform/',
  plugins: [react()],
  build: { outDir: 'dist', assetsDir: 'assets', sourcemap: false, chunkSizeWarningLimit: 800 },
  server: { port: 5174, proxy: { '/api': api, '/healthz': api } },
});
