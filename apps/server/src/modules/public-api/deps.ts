import type { Database } from '../../platform/db/database';
import type { SharedState } from '../../platform/state';
import type { ResponseCache } from './response-cache';

/** What every public data module is built from. `now` is injectable so tests can fix the clock. */
export interface PublicDataDeps {
  database: Database;
  state: SharedState;
  /** Epoch seconds. */
  now: () => number;
  /** Serialized answers of the heavy calls (rankings, maps, long series); see response-cache.ts. */
  responses: ResponseCache;
}
