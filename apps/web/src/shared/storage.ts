/**
 * JSON in local and session storage that never throws: storage can be full, disabled (Safari private
 * mode, some WebViews) or hold a value an older release wrote. A broken entry reads as absent.
 */

type Area = 'local' | 'session';

function area(which: Area): Storage | undefined {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readJson(which: Area, key: string): unknown {
  const text = area(which)?.getItem(key);
  if (text === null || text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function writeJson(which: Area, key: string, value: unknown): void {
  try {
    area(which)?.setItem(key, JSON.stringify(value));
  } catch {
    // Full or disabled storage: the value lives only as long as the page, which is the best we can do.
  }
}

export function removeItem(which: Area, key: string): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // Disabled storage holds nothing to remove.
  }
}

/** Empties both storages (web-version reset, spec §3). */
export function clearStorages(): void {
  for (const which of ['local', 'session'] as const) {
    try {
      area(which)?.clear();
    } catch {
      // Nothing to clear.
    }
  }
}
