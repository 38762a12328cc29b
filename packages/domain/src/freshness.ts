/**
 * When a "latest" value stops being current. Anchors are criticised for showing stale values as
 * current (GUIDE §1); ours say how old they are, and past this age they are flagged as stale
 * (issue 5: a station silent for 3 hours).
 */
export const STALE_AFTER_SECONDS = 3 * 3600;

/** Whether a value measured at `time` (epoch seconds) is stale at `now`. */
export function isStale(time: number, now: number): boolean {
  return now - time > STALE_AFTER_SECONDS;
}
