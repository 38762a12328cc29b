import {
  DEFAULT_NAV_LINKS,
  DEFAULT_PUBLIC_API_KEY,
  WEB_CONFIG_ELEMENT_ID,
  type WebRuntimeConfig,
} from '@lantian/contracts/web-config';

/**
 * The deployment's settings, read once from the JSON element the server puts in index.html. Under
 * `vite dev` (no server-rendered index) the documented defaults apply.
 */

function read(): WebRuntimeConfig {
  const fallback: WebRuntimeConfig = {
    apiKey: DEFAULT_PUBLIC_API_KEY,
    antiDebug: false,
    navLinks: { ...DEFAULT_NAV_LINKS },
  };
  const text = typeof document === 'undefined' ? null : document.getElementById(WEB_CONFIG_ELEMENT_ID)?.textContent;
  if (text === null || text === undefined || text === '') return fallback;
  try {
    const parsed = JSON.parse(text) as Partial<WebRuntimeConfig>;
    return {
      apiKey: typeof parsed.apiKey === 'string' ? parsed.apiKey : fallback.apiKey,
      antiDebug: parsed.antiDebug === true,
      navLinks: { ...fallback.navLinks, ...(parsed.navLinks ?? {}) },
    };
  } catch {
    // A broken element is a deployment bug, but the site still works with the defaults.
    return fallback;
  }
}

export const runtimeConfig: WebRuntimeConfig = read();
