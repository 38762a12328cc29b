/**
 * The site's toasts (spec §8), shown with antd's message once its code has loaded: the shell's first
 * screen does not carry antd, so a toast asked for before that waits in a queue (a few hundred ms at
 * most) and the toast host, mounted on the first request, flushes it.
 */

export type ToastKind = 'success' | 'info' | 'warning' | 'error';

export interface ToastOptions {
  content: string;
  duration: number;
  /** A toast with the key of one already shown replaces it (a burst of failures shows one). */
  key: string;
}

export type ToastSink = (kind: ToastKind, options: ToastOptions) => void;

let sink: ToastSink | undefined;
const queue: [ToastKind, ToastOptions][] = [];
const hostListeners = new Set<() => void>();
let hostWanted = false;

export function toast(kind: ToastKind, options: ToastOptions): void {
  if (sink !== undefined) {
    sink(kind, options);
    return;
  }
  queue.push([kind, options]);
  if (!hostWanted) {
    hostWanted = true;
    for (const l of hostListeners) l();
  }
}

/** Called by the host once antd's message API is ready (and with undefined when it unmounts). */
export function attachToastSink(next: ToastSink | undefined): void {
  sink = next;
  if (next === undefined) return;
  for (const [kind, options] of queue.splice(0)) next(kind, options);
}

/** Whether the toast host should be mounted: true from the first toast on. */
export function isToastHostWanted(): boolean {
  return hostWanted;
}

export function onToastHostWanted(listener: () => void): () => void {
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
}
