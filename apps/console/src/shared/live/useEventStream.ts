import { useEffect, useRef, useState } from 'react';
import { retryDelay, type StreamState } from './event-stream';

export interface EventStreamOptions {
  /** Off: no connection (the operator may not read the stream). */
  enabled?: boolean;
  /**
   * Called when the stream opens again after it had been open: events may have been missed in
   * between, so whatever the page shows should be read again.
   */
  onReconnect?: () => void;
  /** Other events of the same stream, by name (a screen's `revoked` beside its `values`). */
  others?: Readonly<Record<string, (data: string) => void>>;
}

/**
 * Subscribes to a Server-Sent Events stream of the platform (same origin, so the session cookie goes
 * with it) and hands each `event`'s data to `onData`. The browser reconnects a dropped connection by
 * itself; a stream it closes (an error answer) is opened again after a growing wait (retryDelay).
 * Returns the connection's state for the page to show.
 */
export function useEventStream(
  url: string,
  event: string,
  onData: (data: string) => void,
  options: EventStreamOptions = {},
): StreamState {
  const { enabled = true } = options;
  const [state, setState] = useState<StreamState>('connecting');
  // The latest callbacks, so that a new function on each render does not reconnect.
  const handlers = useRef({ onData, onReconnect: options.onReconnect, others: options.others });
  handlers.current = { onData, onReconnect: options.onReconnect, others: options.others };
  const otherNames = Object.keys(options.others ?? {})
    .sort()
    .join(',');

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let wasOpen = false;
    let stopped = false;

    const listener = (e: MessageEvent) => {
      if (typeof e.data === 'string') handlers.current.onData(e.data);
    };

    const open = () => {
      setState(attempt === 0 && !wasOpen ? 'connecting' : 'retrying');
      const es = new EventSource(url);
      source = es;
      es.addEventListener(event, listener as EventListener);
      for (const name of otherNames === '' ? [] : otherNames.split(',')) {
        es.addEventListener(name, ((e: MessageEvent) => {
          if (typeof e.data === 'string') handlers.current.others?.[name]?.(e.data);
        }) as EventListener);
      }
      es.onopen = () => {
        if (wasOpen) handlers.current.onReconnect?.();
        wasOpen = true;
        attempt = 0;
        setState('open');
      };
      es.onerror = () => {
        if (stopped) return;
        if (es.readyState === EventSource.CLOSED) {
          // The browser gave up (an error answer): open it again ourselves, later.
          es.close();
          setState('retrying');
          timer = setTimeout(open, retryDelay(attempt));
          attempt += 1;
        } else {
          // Reconnecting by itself after a dropped connection.
          setState('retrying');
        }
      };
    };

    open();
    return () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      source?.close();
    };
  }, [url, event, enabled, otherNames]);

  return state;
}
