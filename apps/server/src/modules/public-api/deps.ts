import type { Database } from '../../platform/db/database';
import type { SharedState } from '../../platform/state';

/** What every public data module is built from. `now` is injectable so tests can fix the clock. */
export interface PublicDataDeps {
  database: Database;
  state: SharedState;
  /** Epoch seconds. */
  now: () => number;
}
