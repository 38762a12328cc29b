import { smoothstep } from '../random';
import { firstPassageAfter, type Passage } from './fronts';

/**
 * The pollution load: how much the air over a place has stagnated, 0 right after a clearing front and
 * ~2.5 in a heavy episode. It is what makes pollution come in episodes of several days that end
 * abruptly, as it does in northern China: each clearing front resets the air to its residual, the load
 * then grows day by day (saturating, because the boundary layer only holds so much) until the next
 * clearing front. It is computed from the passages alone, never carried from hour to hour, so any hour
 * can be evaluated on its own.
 */

/** A place with no clearing front for this long is as polluted as it gets anyway. */
const MAX_QUIET_HOURS = 20 * 24;
/** The pollution load saturates here (very heavy pollution). */
const LOAD_CAP = 1.7;

const saturate = (load: number) => LOAD_CAP * (1 - Math.exp(-load / LOAD_CAP));

/** The load of air that no clearing front has reached within {@link MAX_QUIET_HOURS}. */
const STAGNANT_LOAD = saturate(1e9) * 1.1;

/** Load × the episode's intensity, `hoursSince` hours after a clearing front. */
function loadAfter(passage: Passage, hoursSince: number): number {
  return saturate(passage.residual + (passage.growth * hoursSince) / 24) * passage.intensity;
}

/** The latest clearing passage before index `before`, looking back no further than `notBefore`. */
function lastClearing(passages: readonly Passage[], before: number, notBefore: number): Passage | undefined {
  for (let i = before - 1; i >= 0; i--) {
    const passage = passages[i];
    if (passage === undefined || passage.time < notBefore) return undefined;
    if (passage.clearing) return passage;
  }
  return undefined;
}

/**
 * The load at `hour` (pollution load × the episode's intensity). Only passages within a fixed window
 * of `hour` count, so the result does not depend on how long a list the caller computed.
 */
export function pollutionLoad(passages: readonly Passage[], hour: number): number {
  const next = firstPassageAfter(passages, hour);
  const last = lastClearing(passages, next, hour - MAX_QUIET_HOURS);
  if (last === undefined) return STAGNANT_LOAD;
  const fresh = loadAfter(last, hour - last.time);
  const since = hour - last.time;
  if (since >= 6) return fresh;
  // The front takes a few hours to sweep the old air out: blend from the load it met.
  const index = passages.indexOf(last);
  const previous = lastClearing(passages, index, last.time - MAX_QUIET_HOURS);
  const before = previous === undefined ? STAGNANT_LOAD : loadAfter(previous, last.time - previous.time);
  return before + (fresh - before) * smoothstep(0, 6, since);
}
