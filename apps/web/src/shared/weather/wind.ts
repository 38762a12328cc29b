import { beaufortFromMs, type WindDirection, windDirectionName } from '@lantian/domain';

/**
 * Wind as the site names it: the 8-sector direction and the Beaufort force of spec §9, both from
 * `@lantian/domain` when the server did not send them (map points carry only degrees and m/s).
 */

export interface WindFields {
  windSpeed?: number | null;
  windDirection?: number | null;
  windDirectionName?: WindDirection | null;
  windForce?: number | null;
}

export interface Wind {
  /** 北 … 西北; null when the direction is unknown. */
  sector: WindDirection | null;
  /** Beaufort force 0–18; null when the speed is unknown. */
  force: number | null;
}

export function windOf(w: WindFields): Wind {
  return {
    sector: w.windDirectionName ?? windDirectionName(w.windDirection),
    force: w.windForce ?? beaufortFromMs(w.windSpeed),
  };
}

/** '西风', '东北风'; '静风' at force 0 (a calm has no direction); '—' when unknown. */
export function windDirectionText({ sector, force }: Wind): string {
  if (force === 0) return '静风';
  return sector === null ? '—' : `${sector}风`;
}

/** '3级', or '—'. */
export function windForceText({ force }: Wind): string {
  return force === null ? '—' : `${force}级`;
}

/** '西风 3级', '静风 0级'. */
export function windText(w: WindFields): string {
  const wind = windOf(w);
  return `${windDirectionText(wind)} ${windForceText(wind)}`;
}

/**
 * Clockwise rotation (degrees) of an arrow drawn pointing up (north) so that it points where the
 * wind blows to: a wind from 270° (西风) blows towards 90°.
 */
export function downwindBearing(degrees: number): number {
  return (((degrees + 180) % 360) + 360) % 360;
}

/** An SVG path of an arrow pointing up, for ECharts symbols ('path://' + this). */
export const ARROW_PATH = 'M0,-10L7,3L1.5,0.5L1.5,10L-1.5,10L-1.5,0.5L-7,3Z';
