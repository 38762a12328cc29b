/**
 * What the server tells the public web app at load time, as JSON in
 * `<script id="lantian-config" type="application/json">` of index.html. Runtime, not build time, so
 * one web build serves any deployment: its signing key, its side-navigation addresses, its switches.
 */

export const WEB_CONFIG_ELEMENT_ID = 'lantian-config';

/**
 * The public site's signing key unless PUBLIC_API_KEY says otherwise (documented in the README). The
 * server hands the configured key to the web app in index.html, so changing it needs no web rebuild;
 * the web app falls back to this one only without that element (under `vite dev`).
 */
export const DEFAULT_PUBLIC_API_KEY = 'lantian-public-web-v1';

/** The side navigation's six entries (spec §1 "Main navigation entries"), in menu order. */
export const NAV_KEYS = ['air', 'cityAnalysis', 'rankAnalysis', 'imageAnalysis', 'dataAnalysis', 'news'] as const;
export type NavKey = (typeof NAV_KEYS)[number];

/**
 * Where each entry leads unless WEB_NAV_LINKS says otherwise: the sections of this site. `air` replaces
 * the window; the other five open a new one (spec §2 "Side navigation menu").
 */
export const DEFAULT_NAV_LINKS: Readonly<Record<NavKey, string>> = {
  air: '/city/',
  cityAnalysis: '/analysis/city/',
  rankAnalysis: '/analysis/rank/',
  imageAnalysis: '/analysis/image/',
  dataAnalysis: '/analysis/data/',
  news: '/news/',
};

export interface WebRuntimeConfig {
  /** The key the web client signs public-site calls with (spec §7 "Common rules"). */
  apiKey: string;
  /** Spec §4 "Anti-debugging": off unless WEB_ANTI_DEBUG=on. */
  antiDebug: boolean;
  navLinks: Record<NavKey, string>;
}

/**
 * The answer of a page's first call, when the server could put it into the page's HTML (the city page's
 * current hour): `<script id="lantian-first-data" type="application/json" data-call="/api/…" data-key="…">`
 * holding exactly the bytes the call would answer, so the page reads it instead of asking first.
 * `data-key` is the page address's parameter the answer is for (the city as written in /city/{city}).
 */
export const FIRST_DATA_ELEMENT_ID = 'lantian-first-data';
