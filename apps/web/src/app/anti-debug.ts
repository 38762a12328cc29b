/**
 * Spec §4 "Anti-debugging", §8, §9: a check every 500 ms; when it was held up more than 200 ms (a
 * `debugger` statement only stops while developer tools are open), the page is replaced with the
 * message of §8. The context menu and F12, Ctrl+S, Ctrl+U and Ctrl+Shift+I are disabled. Loaded only
 * when the deployment sets WEB_ANTI_DEBUG=on (the build keeps `debugger` statements for this).
 */

export const CHECK_INTERVAL_MS = 500;
export const DELAY_THRESHOLD_MS = 200;
export const DEBUGGER_MESSAGE = '检测到非法调试，请关闭调试终端后刷新本页面重试！';

/** Whether a key press is one of the blocked shortcuts. */
export function isBlockedKey(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey'>): boolean {
  const key = e.key.toLowerCase();
  const ctrl = e.ctrlKey || e.metaKey;
  return key === 'f12' || (ctrl && (key === 's' || key === 'u')) || (ctrl && e.shiftKey && key === 'i');
}

function replacePage(): void {
  const message = document.createElement('div');
  message.className = 'lt-debug-blocked';
  message.setAttribute('role', 'alert');
  message.textContent = DEBUGGER_MESSAGE;
  document.body.replaceChildren(message);
}

let started = false;

export function startAntiDebug(): void {
  if (started) return;
  started = true;
  document.addEventListener('contextmenu', (e) => e.preventDefault());
  document.addEventListener(
    'keydown',
    (e) => {
      if (!isBlockedKey(e)) return;
      e.preventDefault();
      e.stopPropagation();
    },
    true,
  );
  const timer = window.setInterval(() => {
    const before = performance.now();
    // biome-ignore lint/suspicious/noDebugger: the check itself (spec §4): it pauses only under a debugger
    debugger;
    if (performance.now() - before > DELAY_THRESHOLD_MS) {
      window.clearInterval(timer);
      replacePage();
    }
  }, CHECK_INTERVAL_MS);
}
