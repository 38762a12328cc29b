import { IMAGE_POLLUTANTS, type ImageMethod, type ImagePollutant } from '@lantian/contracts';
import { chinaParts, chinaTime } from '@lantian/domain';

/**
 * Frame names: `{type}_{area code}_{YYYYMMDDHH}.png`, e.g. `aqi_100000_2024050112.png` — the
 * pollutant, the area and the hour (China time, the hour's end as the data labels it). Stable: the
 * same frame always has the same name, so browsers and proxies may cache it.
 */

export interface FrameKey {
  pollutant: ImagePollutant;
  code: string;
  /** Epoch seconds of the hour's end. */
  time: number;
  method: ImageMethod;
}

const NAME = /^([a-z0-9_]+?)_(\d{6})_(\d{4})(\d{2})(\d{2})(\d{2})(_kriging)?\.png$/;

const pad2 = (n: number) => String(n).padStart(2, '0');

export function frameName(key: FrameKey): string {
  const p = chinaParts(key.time);
  return `${key.pollutant}_${key.code}_${p.year}${pad2(p.month)}${pad2(p.day)}${pad2(p.hour)}${key.method === 'kriging' ? '_kriging' : ''}.png`;
}

/** The key a name stands for, or undefined when the name is not one of ours (a wrong pollutant, an impossible date). */
export function parseFrameName(name: string): FrameKey | undefined {
  const m = NAME.exec(name);
  if (m === null) return undefined;
  const [, pollutant, code, y, mo, d, h, kriging] = m;
  const key = IMAGE_POLLUTANTS.find((k) => k === pollutant);
  if (key === undefined) return undefined;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  if (year < 2000 || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23) return undefined;
  const time = chinaTime(year, month, day, hour);
  const back = chinaParts(time);
  // 2024-02-30 would roll over into March: not a date.
  if (back.month !== month || back.day !== day) return undefined;
  return { pollutant: key, code: code ?? '', time, method: kriging === undefined ? 'idw' : 'kriging' };
}

/** Where a frame is served (unsigned: browsers load it in <img>). */
export const FRAME_PATH = '/api/common/rgbaImage';

export const frameUrl = (key: FrameKey) => `${FRAME_PATH}/${frameName(key)}`;
