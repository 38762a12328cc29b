/**
 * The mobile view for grid members (`/platform/m/*`, phones 360 px wide): who lands on it, its tabs,
 * and which tab an address belongs to. Pure, so the landing rule is tested without a window.
 */

/** Narrower than this, a grid member's console home opens the mobile view instead. */
export const MOBILE_MAX_WIDTH = 600;

/** Set for the browser tab when someone leaves the mobile view for the desktop one on purpose. */
export const PREFER_DESKTOP_KEY = 'lt-prefer-desktop';

/**
 * Whether the console's home sends the operator to the mobile view: a narrow screen, the operator
 * reports events but does not dispatch them (a grid member, not a desk operator), and they have not
 * just chosen the desktop view.
 */
export function landsOnMobile(width: number, permissions: readonly string[], preferDesktop: boolean): boolean {
  return (
    !preferDesktop &&
    width < MOBILE_MAX_WIDTH &&
    permissions.includes('grid:report') &&
    !permissions.includes('grid:dispatch')
  );
}

export type MobileTab = 'tasks' | 'report' | 'patrol';

export const MOBILE_TABS: readonly { key: MobileTab; label: string; path: string }[] = [
  { key: 'tasks', label: '我的任务', path: '/m/tasks' },
  { key: 'report', label: '上报事件', path: '/m/report' },
  { key: 'patrol', label: '巡查', path: '/m/patrol' },
];

/** The tab an address is under (an event page belongs to 我的任务). */
export function tabOf(pathname: string): MobileTab {
  if (/^\/m\/report(\/|$)/.test(pathname)) return 'report';
  if (/^\/m\/patrol(\/|$)/.test(pathname)) return 'patrol';
  return 'tasks';
}

/** The states a grid member still has work in, shown first in 我的任务. */
const WAITING = new Set(['dispatched', 'handling', 'returned', 'reported', 'accepted']);

/** 我的任务's order: events still waiting on someone first (overdue first among them), then the rest, newest first as the server gave them. */
export function myTaskOrder<T extends { eventState: string; overdue: boolean }>(events: readonly T[]): T[] {
  const rank = (e: T) => (WAITING.has(e.eventState) ? (e.overdue ? 0 : 1) : 2);
  return events
    .map((e, i) => ({ e, i }))
    .sort((a, b) => rank(a.e) - rank(b.e) || a.i - b.i)
    .map(({ e }) => e);
}

/** A GPS fix as the report form's position: rounded, and refused outside China (the server's range). */
export function positionOf(coords: { longitude: number; latitude: number }): [number, number] | undefined {
  const { longitude, latitude } = coords;
  if (!(longitude >= 73 && longitude <= 136 && latitude >= 3 && latitude <= 54)) return undefined;
  return [Math.round(longitude * 1e6) / 1e6, Math.round(latitude * 1e6) / 1e6];
}
