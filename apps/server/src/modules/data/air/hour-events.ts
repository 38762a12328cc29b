import type { SharedState } from '../../../platform/state';

/**
 * "Rows of a new hour were stored": published by whatever stores them (the importer, the demo
 * scheduler) on the shared state, so every instance — one process, or many through Redis — drops
 * what it derived from the old rows (the current-hour snapshot, cached responses).
 */
export const HOUR_INGESTED_CHANNEL = 'air:hour-ingested';

/** Tells every instance that station (and city) rows of the hour ending at `time` were stored. */
export async function notifyHourIngested(state: SharedState, time: number): Promise<void> {
  await state.publish(HOUR_INGESTED_CHANNEL, String(time));
}
