/** The radar player's rules, kept out of the component so they can be tested. */

/** The next frame when playing: from the last it starts over (a loop). */
export const nextFrame = (index: number, count: number) => (count === 0 ? 0 : (index + 1) % count);
export const previousFrame = (index: number, count: number) => (count === 0 ? 0 : (index - 1 + count) % count);

/** How long a frame stays on screen while playing; the last one a little longer, so the loop reads. */
export const frameDelay = (index: number, count: number) => (index === count - 1 ? 1500 : 600);
