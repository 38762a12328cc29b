/**
 * Circle constants shared by the seasonal, daily and compass arithmetic of the model. They are
 * written once here because every step's formulas multiply by them in a fixed order, and the demo's
 * output must not change by a bit when a formula moves between modules.
 */

/** A full turn in radians. */
export const TAU = 2 * Math.PI;
/** Radians per degree. */
export const RAD = Math.PI / 180;
