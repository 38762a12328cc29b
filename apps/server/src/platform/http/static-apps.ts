import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { WEB_CONFIG_ELEMENT_ID, type WebRuntimeConfig } from '@lantian/contracts/web-config';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import { markRoutesPublic } from './access';
import { type FirstDataSource, firstDataElement, pageSegments } from './first-data';
import { applyPageHead, type PageHeadSource } from './page-head';

/**
 * Serves the built web app at `/` and the built console at `/platform/`, with history-mode
 * fallback: any page path that is not a file gets the app's index.html, and the client router
 * takes it from there. Hashed assets (Vite puts them in assets/) are cached for a year; the
 * index.html is revalidated on every load so a deploy shows up at once.
 */

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

interface SpaApp {
  prefix: string;
  root: string;
  indexHtml: string;
  /** index.html with the preload hints of a route's page, longest prefix first (route-preloads.json). */
  routeHtml: { prefix: string; html: string }[];
}

/**
 * The web build's route-preloads.json maps a route prefix ('/city') to the files of its lazily loaded
 * page. They become preload hints in that route's index.html, so the page's code downloads alongside
 * the shell's instead of after the shell has run. A missing or unreadable file just means no hints.
 */
function readRoutePreloads(root: string, log: FastifyBaseLogger): [string, string[]][] {
  const file = path.join(root, 'route-preloads.json');
  if (!fs.existsSync(file)) return [];
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return [];
    return Object.entries(parsed).filter(
      (e): e is [string, string[]] =>
        e[0].startsWith('/') &&
        Array.isArray(e[1]) &&
        e[1].every((f) => typeof f === 'string' && /^\/[\w./-]+$/.test(f)),
    );
  } catch (err) {
    log.warn({ err, file }, 'route-preloads.json is unreadable; pages load without preload hints');
    return [];
  }
}

export function preloadTags(files: readonly string[]): string {
  return files
    .map((f) =>
      f.endsWith('.css')
        ? `<link rel="preload" as="style" crossorigin href="${f}">`
        : `<link rel="modulepreload" crossorigin href="${f}">`,
    )
    .join('');
}

function routeMatches(prefix: string, pathname: string): boolean {
  return prefix === '/' ? pathname === '/' : pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export interface StaticApps {
  /** Sends the app shell for a page path; false when no built app claims the path. */
  serveFallback(url: string, reply: FastifyReply, origin?: string): boolean;
  /**
   * Whether a path lies under one of the web build's own page routes (route-preloads.json, '/'
   * aside). Such a path is a page even when its first segment is also an API prefix: the public
   * site's /analysis/city/… shares its first segment with the platform's /analysis/cityData/….
   */
  isPageRoute(pathname: string): boolean;
  readonly mounted: string[];
}

function loadApp(prefix: string, root: string, log: FastifyBaseLogger, headTail = ''): SpaApp | undefined {
  const index = path.join(root, 'index.html');
  if (!fs.existsSync(index)) {
    log.warn({ root }, `no built app for ${prefix} (run "npm run build")`);
    return undefined;
  }
  const html = fs.readFileSync(index, 'utf8');
  const indexHtml = headTail === '' ? html : html.replace('</head>', `${headTail}</head>`);
  const routeHtml = readRoutePreloads(root, log)
    .sort((a, b) => b[0].length - a[0].length)
    .map(([route, files]) => ({
      prefix: route,
      html: indexHtml.replace('</head>', `${preloadTags(files)}</head>`),
    }));
  return { prefix, root, indexHtml, routeHtml };
}

/**
 * The runtime configuration as an inert JSON script element. `<` is escaped so no value can close
 * the element; type=application/json is never executed, so the CSP needs no exception.
 */
export function runtimeConfigElement(config: WebRuntimeConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<script id="${WEB_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`;
}

function cacheHeader(filePath: string): string {
  return filePath.split(path.sep).includes('assets') ? IMMUTABLE : REVALIDATE;
}

/**
 * The first data of a web page address from the modules' sources, as an element for its HTML; '' when
 * none has any. A failing source costs only the inlining: the page then asks for its data as before.
 */
async function firstDataHtml(sources: readonly FirstDataSource[], pathname: string, log: FastifyBaseLogger) {
  for (const source of sources) {
    try {
      const data = await source(pathname);
      if (data !== undefined) return firstDataElement(data) ?? '';
    } catch (err) {
      log.warn({ err, pathname }, 'first data for a page failed; the page is sent without it');
    }
  }
  return '';
}

/** The first page head a module offers for an address; a failing source costs only the head. */
async function pageHeadOf(sources: readonly PageHeadSource[], pathname: string, log: FastifyBaseLogger) {
  const segments = pageSegments(pathname);
  if (segments === undefined) return undefined;
  for (const source of sources) {
    try {
      const head = await source(segments);
      if (head !== undefined) return head;
    } catch (err) {
      log.warn({ err, pathname }, 'page head failed; the page is sent without it');
    }
  }
  return undefined;
}

export async function registerStaticApps(
  app: FastifyInstance,
  dirs: { web: string; console: string },
  webConfig?: WebRuntimeConfig,
  firstData: readonly FirstDataSource[] = [],
  pageHeads: readonly PageHeadSource[] = [],
): Promise<StaticApps> {
  const webHead = webConfig === undefined ? '' : runtimeConfigElement(webConfig);
  // Most specific prefix first, so /platform/... never falls back to the public app.
  const apps = [loadApp('/platform/', dirs.console, app.log), loadApp('/', dirs.web, app.log, webHead)].filter(
    (a): a is SpaApp => a !== undefined,
  );

  await app.register(async (scope) => {
    markRoutesPublic(scope);
    let decorated = false;
    for (const spa of apps) {
      await scope.register(fastifyStatic, {
        root: spa.root,
        prefix: spa.prefix,
        decorateReply: !decorated,
        index: ['index.html'],
        // The web build writes .br/.gz copies of its files (Brotli 11, see apps/web/vite.config.ts);
        // they go out as they are, and a file without a copy is compressed on the fly as before.
        preCompressed: true,
        // The web app's index.html carries the runtime configuration, so `/` and `/index.html` go to
        // the fallback below (which serves the amended copy), never to the file on disk.
        ...(spa.prefix === '/'
          ? { allowedPath: (pathname: string) => pathname !== '/' && pathname !== '/index.html' }
          : {}),
        wildcard: true,
        setHeaders: (res, filePath) => {
          res.header('cache-control', cacheHeader(filePath));
        },
      });
      decorated = true;
    }
  });

  return {
    mounted: apps.map((a) => a.prefix),
    isPageRoute(pathname) {
      return apps.some((a) => a.routeHtml.some((r) => r.prefix !== '/' && routeMatches(r.prefix, pathname)));
    },
    serveFallback(url, reply, origin = '') {
      const pathname = url.split('?')[0] ?? '/';
      // A missing file (a stale hashed asset, a typo'd image) must stay a 404, not turn into HTML.
      if (path.posix.extname(pathname) !== '' && pathname !== '/index.html') return false;
      const platformRoot = pathname === '/platform';
      const spa = apps.find((a) => pathname.startsWith(a.prefix) || (platformRoot && a.prefix === '/platform/'));
      if (spa === undefined) return false;
      const html = spa.routeHtml.find((r) => routeMatches(r.prefix, pathname))?.html ?? spa.indexHtml;
      void reply.status(200).type('text/html; charset=utf-8').header('cache-control', REVALIDATE);
      if (spa.prefix !== '/' || (firstData.length === 0 && pageHeads.length === 0)) {
        void reply.send(html);
        return true;
      }
      // Before the body's end: module scripts run after the whole document is parsed, so the page finds
      // it. A replacer function, so that a `$` in the data is never read as a replacement pattern.
      void Promise.all([firstDataHtml(firstData, pathname, app.log), pageHeadOf(pageHeads, pathname, app.log)]).then(
        ([element, head]) => {
          const page = head === undefined ? html : applyPageHead(html, head, origin, pathname);
          reply.send(element === '' ? page : page.replace('</body>', () => `${element}</body>`));
        },
      );
      return true;
    },
  };
}
