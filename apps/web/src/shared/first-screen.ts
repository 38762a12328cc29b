/**
 * "The first screen has its data": the start-up call of the page's headline (main.tsx) settles it once
 * its answer is in and the main thread is idle (the page has rendered it),
 * and calls that nobody looks at during the first seconds (the 110 KB city list) wait for it instead of
 * competing with it on a slow connection. Never later than {@link MAX_WAIT_MS} after start.
 */

const MAX_WAIT_MS = 3000;

let settle: () => void = () => {};
const settled = new Promise<void>((resolve) => {
  settle = resolve;
});
let waiting = false;

/** The first screen is waiting for `work` (or for nothing: then it is settled at once). */
export function firstScreenWaitsFor(work: Promise<unknown> | undefined): void {
  if (work === undefined) {
    settle();
    return;
  }
  waiting = true;
  setTimeout(settle, MAX_WAIT_MS);
  // Once the answer is in, the page still has to render and paint it: wait for the main thread to idle.
  const afterRender = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(settle, { timeout: 1000 });
    else setTimeout(settle, 200);
  };
  void work.then(afterRender, afterRender);
}

/** Resolves once the first screen has its data; at once when nothing was waited for. */
export function whenFirstScreenSettled(): Promise<void> {
  return waiting ? settled : Promise.resolve();
}
