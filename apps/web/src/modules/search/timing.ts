/** Spec §9 "Timings": a click on a result counts if it lands within this long after the box lost focus. */
export const CLICK_TOLERANCE_MS = 200;
/** Spec §9: the dropdown follows focus and typing after this delay. */
export const DROPDOWN_DELAY_MS = 100;
