/**
 * "The first screen has its data": settled once the page's headline is on screen and the main thread
 * is idle, so that work nobody looks at during the first seconds (the 110 KB city list, the city
 * page's blocks below the headline) waits for it instead of competing with it on a slow phone.
 * The start-up call of the page's headline (main.tsx) opens the wait; the page says when it has shown
 * the answer ({@link firstScreenShown}); a failed call settles it too (the page shows its error).
 * Never later than {@link MAX_WAIT_MS} after start.
 */

const MAX_WAIT_MS = 3000;

let settle: () => void = () => {};
const settled = new Promise<void>((resolve) => {
  settle = resolve;
});
let waiting = false;
let isSettled = false;
void settled.then(() => {
  isSettled = true;
});

/** Whether the first screen is settled by now (a page mounted later need not wait a turn). */
export const firstScreenSettledNow = () => !waiting || isSettled;

/** After the next paint, once the main thread is idle. */
function afterPaint(): void {
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(settle, { timeout: 1000 });
    else setTimeout(settle, 200);
  };
  if (typeof window.requestAnimationFrame === 'function') window.requestAnimationFrame(() => setTimeout(idle, 0));
  else idle();
}

/**
 * The first screen is waiting for `work` (a start-up call the page will show), for the page itself
 * ('page': the page calls {@link firstScreenShown} once its headline is rendered), or for nothing
 * (then it is settled at once).
 */
export function firstScreenWaitsFor(work: Promise<unknown> | 'page' | undefined): void {
  if (work === undefined) {
    settle();
    return;
  }
  waiting = true;
  setTimeout(settle, MAX_WAIT_MS);
  // An answer is settled by the page once it shows it; a failure has nothing to wait for but its render.
  if (work !== 'page') void work.catch(afterPaint);
}

/** The page has rendered its headline: settle once it is painted and the main thread is idle. */
export function firstScreenShown(): void {
  if (waiting) afterPaint();
}

/** Resolves once the first screen has its data; at once when nothing was waited for. */
export function whenFirstScreenSettled(): Promise<void> {
  return waiting ? settled : Promise.resolve();
}
