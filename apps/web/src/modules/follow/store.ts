import type { FocusCityData } from '@lantian/contracts';
import { useSyncExternalStore } from 'react';
import { readJson, writeJson } from '../../shared/storage';
import type { CurrentCity } from '../city';

/**
 * Followed cities, kept in the browser (spec §1, §3): local storage key `followCity`, one entry per city
 * with the spec's fields — stationCode, regionCode, stationType, stationName, pyName, longitude,
 * latitude — plus what the follow-data call last brought (textDay, icon, aqi, mainPol) and, for the
 * card's 'MM-DD HH:00', the time of that AQI. Other tabs see changes through the storage event.
 */

export const FOLLOW_KEY = 'followCity';

/** getAllFocusCityData takes at most this many cities. */
export const MAX_FOLLOWED = 50;

export interface FollowedCity {
  stationCode: string;
  regionCode: string;
  stationType: 2 | 3;
  stationName: string;
  pyName: string;
  longitude: number;
  latitude: number;
  textDay?: string | null;
  icon?: string | null;
  aqi?: number | null;
  mainPol?: string | null;
  /** 'YYYY-MM-DD HH:mm:ss' of the AQI (China time). */
  time?: string | null;
}

const str = (v: unknown): v is string => typeof v === 'string';
const optStr = (v: unknown) => (str(v) ? v : null);
const optNum = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function parse(value: unknown): FollowedCity[] {
  if (!Array.isArray(value)) return [];
  const out: FollowedCity[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) continue;
    const r = item as Record<string, unknown>;
    if (!str(r.stationCode) || !/^\d{6}$/.test(r.stationCode) || !str(r.stationName) || !str(r.pyName)) continue;
    if (out.some((c) => c.stationCode === r.stationCode)) continue;
    out.push({
      stationCode: r.stationCode,
      regionCode: str(r.regionCode) ? r.regionCode : r.stationCode,
      stationType: r.stationCode.endsWith('00') ? 3 : 2,
      stationName: r.stationName,
      pyName: r.pyName,
      longitude: Number(r.longitude) || 0,
      latitude: Number(r.latitude) || 0,
      textDay: optStr(r.textDay),
      icon: optStr(r.icon),
      aqi: optNum(r.aqi),
      mainPol: optStr(r.mainPol),
      time: optStr(r.time),
    });
  }
  return out;
}

let snapshot: FollowedCity[] | undefined;
const listeners = new Set<() => void>();

function read(): FollowedCity[] {
  snapshot ??= parse(readJson('local', FOLLOW_KEY));
  return snapshot;
}

function write(next: FollowedCity[]): void {
  snapshot = next;
  writeJson('local', FOLLOW_KEY, next);
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key !== FOLLOW_KEY && e.key !== null) return;
    snapshot = undefined;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function getFollowed(): readonly FollowedCity[] {
  return read();
}

export function useFollowedCities(): readonly FollowedCity[] {
  return useSyncExternalStore(subscribe, read, read);
}

export function isFollowed(code: string): boolean {
  return read().some((c) => c.stationCode === code);
}

/** Adds a city (newest first); false when the list is already full. */
export function follow(city: CurrentCity): boolean {
  const list = read();
  if (list.some((c) => c.stationCode === city.code)) return true;
  if (list.length >= MAX_FOLLOWED) return false;
  write([
    {
      stationCode: city.code,
      regionCode: city.regionCode,
      stationType: city.type,
      stationName: city.name,
      pyName: city.pyName,
      longitude: city.longitude,
      latitude: city.latitude,
    },
    ...list,
  ]);
  return true;
}

export function unfollow(code: string): void {
  write(read().filter((c) => c.stationCode !== code));
}

/** Spec §3 "Follow data response fields read": meteo[0].textDay/iconDay, airquality[0].aqi/mainPol. */
export function applyFollowData(items: readonly FocusCityData[]): void {
  const byCode = new Map(items.map((d) => [d.stationCode, d]));
  write(
    read().map((c) => {
      const d = byCode.get(c.stationCode);
      if (d === undefined) return c;
      const meteo = d.meteo[0];
      const air = d.airquality[0];
      return {
        ...c,
        textDay: meteo?.textDay ?? null,
        icon: meteo?.iconDay ?? null,
        aqi: air?.aqi ?? null,
        mainPol: air?.mainPol ?? null,
        time: air?.time ?? null,
      };
    }),
  );
}
