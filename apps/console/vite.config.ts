import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = { target: 'http://localhost:8080', changeOrigin: false };

/** @lantian/contracts: zod schemas only, no side effects; see `treeshake` below. */
const contracts = /[\\/]packages[\\/]contracts[\\/]src[\\/]/;

const nodeModule = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](?:${names})[\\\\/]`);

// The operator platform is served by the API server under /platform/.
export default defineConfig({
  base: '/platform/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      /*
       * The contracts' index re-exports every API area, and a module-level `z.object(…)` looks like a side
       * effect to the bundler, so every area's schemas would ship with the first module that imports one.
       * They have none: each chunk carries the schemas it uses and nothing else.
       */
      treeshake: { moduleSideEffects: (id) => !contracts.test(id) },
      output: {
        /*
         * The shell's libraries in chunks of their own, so that a deploy of the console's code leaves them
         * cached. `$initial`: antd components and libraries that only sections use stay in those sections.
         */
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: nodeModule('react|react-dom|scheduler|react-router|cookie|set-cookie-parser'),
              priority: 30,
            },
            {
              name: 'antd',
              test: nodeModule('antd|@ant-design|@rc-component|@emotion|dayjs'),
              tags: ['$initial'],
              priority: 20,
            },
            { name: 'vendor', test: nodeModule('[^\\\\/]+'), tags: ['$initial'], priority: 10 },
          ],
        },
      },
    },
  },
  server: { port: 5174, proxy: { '/api': api, '/healthz': api, '/readyz': api } },
});
