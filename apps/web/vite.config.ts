import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs on :8080 (npm run dev:server); Vite proxies to it.
const api = { target: 'http://localhost:8080', changeOrigin: false };

const nodeModule = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](?:${names})[\\\\/]`);

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // Weather icons stay files (fetched when shown) instead of data URIs inside the JS.
    assetsInlineLimit: (file) => (file.includes('qweather-icons') ? false : undefined),
    rolldownOptions: {
      output: {
        // The anti-debugging check (spec §4) is a `debugger` statement; the minifier drops them by default.
        minify: { compress: { dropDebugger: false } },
        /*
         * Vendor chunks of the first screen, split by how often they change: React and the router (rarely),
         * antd's core (with antd upgrades), the rest. `$initial` keeps modules only the lazily loaded pages
         * use (antd tables, date pickers…) out of them, so the first screen never carries page code.
         * ECharts gets one chunk of its own that every chart page shares.
         */
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: nodeModule('react|react-dom|scheduler|react-router|cookie|set-cookie-parser'),
              tags: ['$initial'],
              priority: 30,
            },
            {
              name: 'antd',
              test: nodeModule(
                'antd|@ant-design|@rc-component|rc-[\\w-]+|@babel|stylis|@emotion|classnames|clsx|dayjs',
              ),
              tags: ['$initial'],
              priority: 20,
            },
            { name: 'vendor', test: nodeModule('[^\\\\/]+'), tags: ['$initial'], priority: 10 },
            { name: 'echarts', test: nodeModule('echarts|zrender|tslib'), priority: 5 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': api, '/anon': api, '/maps': api, '/s/': api, '/healthz': api, '/readyz': api },
  },
});
