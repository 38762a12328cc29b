import { useCallback, useEffect, useState } from 'react';

/**
 * The SMS resend countdown (spec §4, §9: 120 s). The end time lives outside the component, so closing
 * and reopening the dialog does not hand out a fresh button early; the server enforces the same wait.
 */

const endsAt = new Map<string, number>();

function secondsLeft(key: string): number {
  const end = endsAt.get(key);
  if (end === undefined) return 0;
  const left = Math.ceil((end - Date.now()) / 1000);
  if (left <= 0) endsAt.delete(key);
  return Math.max(0, left);
}

export function useCountdown(key: string, seconds: number): [left: number, start: () => void] {
  const [left, setLeft] = useState(() => secondsLeft(key));

  useEffect(() => {
    if (left <= 0) return;
    // Wake just after the displayed second changes.
    const remainder = ((endsAt.get(key) ?? 0) - Date.now()) % 1000;
    const timer = setTimeout(() => setLeft(secondsLeft(key)), (remainder > 0 ? remainder : 1000) + 5);
    return () => clearTimeout(timer);
  }, [key, left]);

  const start = useCallback(() => {
    endsAt.set(key, Date.now() + seconds * 1000);
    setLeft(seconds);
  }, [key, seconds]);

  return [left, start];
}
