/** A clock in epoch seconds (UTC). Services take one, so tests can fix the time of the data. */
export type Clock = () => number;

/** The wall clock in whole epoch seconds. */
export const systemClock: Clock = () => Math.floor(Date.now() / 1000);
