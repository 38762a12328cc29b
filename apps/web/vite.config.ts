import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// In development the API runs on :8080 (npm run dev:server); Vite proxies to it.
const api = { target: 'http://localhost:8080', changeOrigin: false };

const nodeModule = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](?:${names})[\\\\/]`);

/** The lazily loaded page of each route prefix (app/AppRouter.tsx); '/' redirects to the city page. */
const ROUTE_PAGES: Record<string, string> = {
  '/': 'src/pages/CityAirPage.tsx',
  '/city': 'src/pages/CityAirPage.tsx',
  '/site': 'src/pages/SiteAirPage.tsx',
  '/weather': 'src/pages/WeatherPage.tsx',
  '/analysis/city': 'src/pages/CityAnalysisPage.tsx',
  '/analysis/rank': 'src/pages/RankAnalysisPage.tsx',
  '/analysis/image': 'src/pages/ImageAnalysisPage.tsx',
  '/analysis/data': 'src/pages/DataAnalysisPage.tsx',
  '/news': 'src/pages/NewsPage.tsx',
};

/**
 * Writes route-preloads.json: for each route prefix, the files of its lazily loaded page (its chunk,
 * the chunks it imports statically, its CSS). The server puts them into index.html as preload hints
 * for that route, so the page's code downloads alongside the shell's instead of after it has run; the
 * page module still runs only when its route renders (spec §2: page content is loaded lazily).
 */
function routePreloads(): Plugin {
  return {
    name: 'lantian-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = chunkGraph(bundle);
      // What index.html already loads: the entry, the app it imports, and their static imports.
      const initial = new Set<string>();
      for (const [name, c] of chunks) {
        if (c.isEntry || c.facade.endsWith('src/app/bootstrap.tsx')) {
          for (const f of staticClosure(chunks, name)) initial.add(f);
        }
      }
      const out: Record<string, string[]> = {};
      for (const [prefix, source] of Object.entries(ROUTE_PAGES)) {
        const page = [...chunks].find(([, c]) => c.facade.endsWith(source))?.[0];
        if (page === undefined) continue;
        const files = [...staticClosure(chunks, page, initial)];
        const css = files.flatMap((f) => chunks.get(f)?.css ?? []);
        out[prefix] = [...files, ...css].map((f) => `/${f}`);
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: `${JSON.stringify(out, null, 2)}\n` });
    },
  };
}

type ChunkGraph = Map<string, { imports: string[]; css: string[]; isEntry: boolean; facade: string }>;

function chunkGraph(bundle: import('rolldown').OutputBundle): ChunkGraph {
  const chunks: ChunkGraph = new Map();
  for (const file of Object.values(bundle)) {
    if (file.type !== 'chunk') continue;
    const css = [...((file as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss ?? [])];
    chunks.set(file.fileName, {
      imports: file.imports,
      css,
      isEntry: file.isEntry,
      facade: (file.facadeModuleId ?? '').replaceAll('\\', '/'),
    });
  }
  return chunks;
}

/** `name` and everything it imports statically, except what is in `stop`. */
function staticClosure(chunks: ChunkGraph, name: string, stop: ReadonlySet<string> = new Set()): Set<string> {
  const into = new Set<string>();
  const walk = (n: string) => {
    if (into.has(n) || stop.has(n)) return;
    into.add(n);
    for (const dep of chunks.get(n)?.imports ?? []) walk(dep);
  };
  walk(name);
  return into;
}

/**
 * The entry (src/main.tsx) is tiny: it starts the first screen's data call, then imports the app
 * (src/app/bootstrap.tsx). This puts the app's code in index.html as module preloads and its CSS as
 * stylesheets, so nothing waits for the entry to run before downloading, and the static first paint
 * in index.html is styled.
 */
function preloadApp(): Plugin {
  return {
    name: 'lantian-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (ctx.bundle === undefined) return [];
        const chunks = chunkGraph(ctx.bundle);
        const entry = [...chunks].find(([, c]) => c.isEntry)?.[0];
        const app = [...chunks].find(([, c]) => c.facade.endsWith('src/app/bootstrap.tsx'))?.[0];
        if (entry === undefined || app === undefined) return [];
        const initial = staticClosure(chunks, entry);
        const initialCss = new Set([...initial].flatMap((f) => chunks.get(f)?.css ?? []));
        const files = [...staticClosure(chunks, app, initial)];
        const css = [...new Set(files.flatMap((f) => chunks.get(f)?.css ?? []))].filter((f) => !initialCss.has(f));
        return [
          ...css.map((f) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `/${f}` },
            injectTo: 'head' as const,
          })),
          ...files.map((f) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

/**
 * The first screen's stylesheets (the entry's, the app's and the common chunk's: ~3 KB compressed) go
 * into index.html as <style>, so a phone paints the static first screen as soon as the HTML is in
 * instead of after three more requests. Each <link> stays, `disabled` (a disabled stylesheet is not
 * fetched): Vite's module preloader looks for that link before importing the chunk the CSS belongs
 * to, and without it would fetch the file again and hold the app's start until it arrived. The CSP
 * already allows inline styles (index.html has its own). CSS that could close the element stays a link.
 */
function inlineInitialCss(): Plugin {
  return {
    name: 'lantian-inline-initial-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset' || typeof html.source !== 'string') return;
      html.source = html.source.replace(
        /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g,
        (tag: string, file: string) => {
          const css = bundle[file];
          if (css?.type !== 'asset') return tag;
          const text = typeof css.source === 'string' ? css.source : Buffer.from(css.source).toString('utf8');
          if (/<\/style/i.test(text)) return tag;
          return `<style>${text.trim()}</style><link rel="stylesheet" crossorigin href="/${file}" disabled>`;
        },
      );
    },
  };
}

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|wasm)$/;

/**
 * Writes a Brotli (quality 11) and a gzip (level 9) copy beside every compressible built file of 1 KiB
 * or more. The server sends them as they are (@fastify/static `preCompressed`) instead of compressing
 * on the fly at Brotli 4: the first screen's JavaScript is ~14 % smaller and costs the server nothing.
 */
function precompress(): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = '';
  return {
    name: 'lantian-precompress',
    apply: 'build',
    writeBundle(options) {
      outDir = options.dir ?? '';
    },
    async closeBundle() {
      if (outDir === '') return;
      const walk = async (dir: string): Promise<string[]> => {
        const entries = await readdir(dir, { withFileTypes: true });
        const nested = await Promise.all(
          entries.map((e) => {
            const full = path.join(dir, e.name);
            return e.isDirectory() ? walk(full) : Promise.resolve([full]);
          }),
        );
        return nested.flat();
      };
      const files = (await walk(outDir)).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < 1024) return;
          const source = await readFile(file);
          const [b, g] = await Promise.all([
            br(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gz(source, { level: 9 }),
          ]);
          // A copy that does not save anything is not worth a file (the server then compresses or not).
          if (b.length < source.length) await writeFile(`${file}.br`, b);
          if (g.length < source.length) await writeFile(`${file}.gz`, g);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadApp(), inlineInitialCss(), routePreloads(), precompress()],
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
         * TanStack Query, the rest. The first screen is loaded by a dynamic import from the tiny entry
         * (src/main.tsx), so its groups name their packages instead of relying on `$initial`; the catch-all
         * keeps `$initial` so that modules only lazily loaded parts use (antd, tables, date pickers…) stay
         * in those parts. ECharts gets one chunk of its own that every chart page shares.
         */
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: nodeModule('react|react-dom|scheduler|react-router|cookie|set-cookie-parser'),
              priority: 30,
            },
            { name: 'vendor', test: nodeModule('@tanstack'), priority: 20 },
            /*
             * The small shared modules of the first screen's page (levels, numbers, time, the AQI helpers),
             * one chunk instead of seven: over HTTP/1.1 each tiny file costs a round trip on a slow phone.
             */
            {
              name: 'common',
              test: /[\\/](?:packages[\\/]domain[\\/]src[\\/](?:time|numbers|display|aqi[\\/]levels)|packages[\\/]contracts[\\/]src[\\/]error-codes|apps[\\/]web[\\/]src[\\/](?:shared[\\/](?:aqi[\\/]|toast)|app[\\/]useCityParam))/,
              priority: 15,
            },
            { name: 'vendor-initial', test: nodeModule('[^\\\\/]+'), tags: ['$initial'], priority: 10 },
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
