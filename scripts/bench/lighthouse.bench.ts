/**
 * Lighthouse (mobile preset: simulated slow 4G and a 4× slower CPU) against the BUILT server, as a phone
 * user meets the public site: /city/beijing, /site/beijing and /weather/beijing. Run `npm run build`
 * first. Prints, per page, the median of LIGHTHOUSE_RUNS runs (default 3; the figures are noisy on a
 * loaded machine): the performance score, LCP, TBT, CLS, and the first screen's JavaScript as gzip
 * bytes (the scripts requested before the largest paint of the first run, fetched again with
 * Accept-Encoding: gzip), beside all the JavaScript the load fetched without any interaction.
 *
 * The server is apps/server/dist/server.js on a free port with a fresh embedded SQLite file and the demo
 * data (as e2e/playwright.config.ts starts it); Chromium is the system one (CHROMIUM_PATH, default
 * /usr/bin/chromium). Each run's full report is written to $TMPDIR/lantian-lighthouse/ for reading.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { BenchResult } from './index';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ALL_PAGES = ['/city/beijing', '/site/beijing', '/weather/beijing'];
/** LIGHTHOUSE_PAGES=/city/beijing,… measures some of them only (while working on one page). */
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',').filter((p) => p.startsWith('/')) ?? ALL_PAGES;
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const REPORTS = path.join(os.tmpdir(), 'lantian-lighthouse');

const GOALS = {
  score: 'goal 100',
  lcp: 'goal ≤ 2,500 ms (score 100 needs ~1,200 ms)',
  tbt: 'goal ≤ 200 ms (score 100 needs ~0 ms)',
  cls: 'goal 0',
  js: 'goal ≤ 100 KB gzip',
} as const;

interface Run {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Scripts requested before the (observed) largest paint: what the first screen waits for. */
  firstScreenScripts: string[];
  /** Every script the load fetched, charts and maps that fill in after the first screen included. */
  scripts: string[];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject()));
    });
  });
}

/** The built server with the demo data; resolves once /readyz says the demo seed has finished. */
async function startServer(): Promise<{ origin: string; child: ChildProcess; dbFile: string }> {
  const entry = path.join(root, 'apps/server/dist/server.js');
  if (!existsSync(entry) || !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('the built app is missing: run `npm run build` before `npm run bench -- lighthouse`');
  }
  const port = await freePort();
  const dbFile = path.join(os.tmpdir(), `lantian-lighthouse-${process.pid}.db`);
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      // development: production sets Secure cookies and refuses plain http on 127.0.0.1; the page's
      // code and the static files are the same built ones either way.
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${dbFile}`,
      LOG_LEVEL: 'warn',
      DEMO_HISTORY_DAYS: '35',
      HJ212_PORT: String(await freePort()),
      HJ212_HOST: '127.0.0.1',
      RATE_LIMIT_PUBLIC_MAX: '100000',
    },
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${origin}/readyz`);
      const body = (await res.json()) as { data?: { demoSeed?: string } };
      if (res.ok && body.data?.demoSeed !== 'running') return { origin, child, dbFile };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  child.kill();
  throw new Error('the server did not become ready with its demo data within 240 s');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** One Lighthouse run; a run whose trace Chromium lost (NO_NAVSTART and the like, on a busy machine) is repeated. */
async function lighthouseRun(url: string, port: number, file: string, attempts = 3): Promise<Run> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (result === undefined) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  writeFileSync(file, typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
  if (lhr.runtimeError !== undefined) {
    if (attempts > 1) return lighthouseRun(url, port, file, attempts - 1);
    throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  }
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = (
    lhr.audits['network-requests']?.details as {
      items?: { url: string; resourceType?: string; networkRequestTime?: number }[];
    }
  )?.items;
  const observed = (lhr.audits.metrics?.details as { items?: { observedLargestContentfulPaint?: number }[] })
    ?.items?.[0]?.observedLargestContentfulPaint;
  const scripts = (requests ?? []).filter((r) => r.resourceType === 'Script');
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    firstScreenScripts: scripts
      .filter((r) => observed === undefined || (r.networkRequestTime ?? 0) <= observed)
      .map((r) => r.url),
    scripts: scripts.map((r) => r.url),
  };
}

/** The bytes on the wire of the given scripts for a client that accepts only gzip (raw http: fetch would inflate). */
async function gzipBytes(urls: readonly string[]): Promise<number> {
  let total = 0;
  for (const url of new Set(urls)) {
    const body = await new Promise<Buffer>((resolve, reject) => {
      get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => resolve(Buffer.concat(parts)));
        res.on('error', reject);
      }).on('error', reject);
    });
    total += body.length;
  }
  return total;
}

export async function run(): Promise<BenchResult[]> {
  rmSync(REPORTS, { recursive: true, force: true });
  mkdirSync(REPORTS, { recursive: true });
  const server = await startServer();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const results: BenchResult[] = [];
  try {
    // One unmeasured load first: the server builds its hour's answers and the OS caches the files.
    await lighthouseRun(`${server.origin}${PAGES[0] ?? ALL_PAGES[0]}`, chrome.port, path.join(REPORTS, 'warm-up.json'));
    for (const page of PAGES) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        const file = path.join(REPORTS, `${page.replaceAll('/', '_').slice(1)}-${i + 1}.json`);
        runs.push(await lighthouseRun(`${server.origin}${page}`, chrome.port, file));
      }
      const scores = runs.map((r) => r.score).join(', ');
      const js = await gzipBytes(runs[0]?.firstScreenScripts ?? []);
      const allJs = await gzipBytes(runs[0]?.scripts ?? []);
      results.push(
        {
          name: `${page} performance (median of ${RUNS})`,
          value: median(runs.map((r) => r.score)),
          unit: 'score',
          note: `${GOALS.score}; runs ${scores}`,
        },
        { name: `${page} LCP`, value: Math.round(median(runs.map((r) => r.lcpMs))), unit: 'ms', note: GOALS.lcp },
        { name: `${page} TBT`, value: Math.round(median(runs.map((r) => r.tbtMs))), unit: 'ms', note: GOALS.tbt },
        { name: `${page} CLS`, value: median(runs.map((r) => r.cls)), unit: '', note: GOALS.cls },
        { name: `${page} first-screen JS`, value: Math.round(js / 102.4) / 10, unit: 'KB gzip', note: GOALS.js },
        {
          name: `${page} all JS of the load`,
          value: Math.round(allJs / 102.4) / 10,
          unit: 'KB gzip',
          note: 'charts and maps that fill in after the first screen included; no goal',
        },
      );
    }
  } finally {
    chrome.kill();
    server.child.kill();
    rmSync(server.dbFile, { force: true });
    for (const suffix of ['-wal', '-shm']) rmSync(`${server.dbFile}${suffix}`, { force: true });
  }
  console.error(`Lighthouse reports: ${REPORTS}`);
  return results;
}
