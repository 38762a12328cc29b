/**
 * Radar reflectivity: the CMA composite-reflectivity legend (the colours of the national radar
 * mosaic, 5 dBZ steps from 5 to 70+) and the Marshall–Palmer relation between rain rate and
 * reflectivity (Z = 200 R^1.6, Z in mm⁶/m³, R in mm/h) the demo frames use to draw rain as dBZ.
 */

export interface DbzBand {
  /** Lower bound of the band, dBZ. */
  from: number;
  /** #rrggbb */
  color: string;
}

export const RADAR_DBZ_LEGEND: readonly DbzBand[] = [
  { from: 5, color: '#00acf4' },
  { from: 10, color: '#019ff4' },
  { from: 15, color: '#0000f6' },
  { from: 20, color: '#00ff00' },
  { from: 25, color: '#00c800' },
  { from: 30, color: '#019000' },
  { from: 35, color: '#ffff00' },
  { from: 40, color: '#e7c000' },
  { from: 45, color: '#ff9000' },
  { from: 50, color: '#ff0000' },
  { from: 55, color: '#d60000' },
  { from: 60, color: '#c00000' },
  { from: 65, color: '#ff00f0' },
  { from: 70, color: '#9600b4' },
];

/** The legend band of a reflectivity, or undefined below 5 dBZ (drawn transparent). */
export function dbzBand(dbz: number): DbzBand | undefined {
  let band: DbzBand | undefined;
  for (const b of RADAR_DBZ_LEGEND) if (dbz >= b.from) band = b;
  return band;
}

/** dBZ of a rain rate (mm/h) by Marshall–Palmer; -Infinity for no rain. */
export function dbzOfRainRate(rate: number): number {
  if (rate <= 0) return Number.NEGATIVE_INFINITY;
  return 10 * Math.log10(200 * rate ** 1.6);
}

/**
 * The time of an NMC product file from its name: the 14 digits YYYYMMDDHHmmss that precede the
 * trailing milliseconds (`SEVP_AOC_RDCP_SLDAS_EBREF_ACHN_L88_PI_20240510120000000.PNG`), in UTC.
 * Undefined when the name carries no such stamp.
 */
export function nmcFileTime(name: string): number | undefined {
  const m = /_(\d{14})(\d{3})?\.(png|jpe?g)$/i.exec(name);
  if (!m?.[1]) return undefined;
  const s = m[1];
  const [y, mo, d, h, mi, se] = [0, 4, 6, 8, 10, 12].map((i, k) => Number(s.slice(i, k === 0 ? 4 : i + 2)));
  if (y === undefined || mo === undefined || d === undefined || h === undefined || mi === undefined || se === undefined)
    return undefined;
  const t = Date.UTC(y, mo - 1, d, h, mi, se);
  const back = new Date(t);
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59) return undefined;
  return t / 1000;
}
