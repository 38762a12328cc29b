import { useEffect, useState } from 'react';
import { firstScreenSettledNow, whenFirstScreenSettled } from './first-screen';

// Apart from first-screen.ts: the entry module imports that one, and must not wait for React's code.

/** {@link whenFirstScreenSettled} as component state: false until then (true at once when nothing waits). */
export function useFirstScreenSettled(): boolean {
  const [done, setDone] = useState(firstScreenSettledNow);
  useEffect(() => {
    if (done) return;
    let live = true;
    void whenFirstScreenSettled().then(() => {
      if (live) setDone(true);
    });
    return () => {
      live = false;
    };
  }, [done]);
  return done;
}
