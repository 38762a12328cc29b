import { dbzBand, dbzOfRainRate, formatChinaDateTime } from '@lantian/domain';
import { createCanvas } from '@napi-rs/canvas';
import { CJK_FONT_FAMILY, registerCanvasCjkFont } from '../../../platform/media/cjk-fonts';
import { RADAR_REGIONS } from './weather-sources.service';

/**
 * 【演示】 radar frames (DEMO_DATA=on only): the national composite-reflectivity mosaic drawn from the
 * demo weather model's rain. Each city raining in the hour becomes a cell of reflectivity
 * (Marshall–Palmer, Z = 200 R^1.6) centred on the city and carried downwind at the hour's wind
 * speed for the minutes since the hour began, so the loop moves; colours are the CMA dBZ legend.
 * Every frame says 【演示】 in the image itself.
 */

export interface RainCell {
  lon: number;
  lat: number;
  /** mm/h */
  rate: number;
  /** m/s and degrees the wind comes from. */
  windSpeed: number;
  windDirection: number;
}

/** The national bounds (62° × 42°) drawn one degree to one length: the page lays the map over it the same way. */
export const DEMO_FRAME_SIZE = { width: 640, height: 434 } as const;
const KM_PER_DEGREE = 111.2;

/** The demo frame's file name, NMC style, so that the importer reads its time like a real one's. */
export function demoFrameName(t: number): string {
  const d = new Date(t * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}00`;
  return `DEMO_RADAR_EBREF_ACHN_${stamp}000.PNG`;
}

/** Draws one frame at time `t` (epoch s) from the rain of the hour it falls in; `minutes` since that hour began. */
export function drawDemoFrame(t: number, minutes: number, cells: readonly RainCell[]): Buffer {
  const { width, height } = DEMO_FRAME_SIZE;
  const [west, south, east, north] = RADAR_REGIONS[0]?.bounds ?? [73, 12.2, 135, 54.2];
  const dbz = new Float32Array(width * height).fill(Number.NEGATIVE_INFINITY);
  const xOf = (lon: number) => ((lon - west) / (east - west)) * width;
  const yOf = (lat: number) => ((north - lat) / (north - south)) * height;
  const kmPerPixel = ((east - west) * KM_PER_DEGREE * Math.cos((35 * Math.PI) / 180)) / width;
  for (const cell of cells) {
    // Carried downwind: the wind blows *to* direction + 180°.
    const travelledKm = (cell.windSpeed * minutes * 60) / 1000;
    const towards = ((cell.windDirection + 180) * Math.PI) / 180;
    const lat = cell.lat + (travelledKm * Math.cos(towards)) / KM_PER_DEGREE;
    const lon = cell.lon + (travelledKm * Math.sin(towards)) / (KM_PER_DEGREE * Math.cos((cell.lat * Math.PI) / 180));
    const radiusKm = 35 + 25 * Math.sqrt(cell.rate);
    const r = radiusKm / kmPerPixel;
    const cx = xOf(lon);
    const cy = yOf(lat);
    for (let y = Math.max(0, Math.floor(cy - 2 * r)); y < Math.min(height, Math.ceil(cy + 2 * r)); y++) {
      for (let x = Math.max(0, Math.floor(cx - 2 * r)); x < Math.min(width, Math.ceil(cx + 2 * r)); x++) {
        // Stretched along the wind (rain bands lie downwind) and ragged at the edge: a smooth
        // wobble of the pixel's place (fixed per position, so a cell keeps its shape as it moves).
        const along = (x - cx) * Math.sin(towards) - (y - cy) * Math.cos(towards);
        const across = (x - cx) * Math.cos(towards) + (y - cy) * Math.sin(towards);
        const d2 = (along ** 2 / 2.2 + across ** 2) / (r * r);
        const wobble =
          0.7 + 0.3 * Math.sin(0.35 * (x - cx) + 0.2 * (y - cy)) * Math.cos(0.27 * (y - cy) - 0.15 * (x - cx));
        // A bright core inside a wider weak shield: the rate falls off as a Gaussian of the distance.
        const value = dbzOfRainRate(cell.rate * 2.5 * wobble * Math.exp(-2 * d2));
        const i = y * width + x;
        if (value > (dbz[i] ?? Number.NEGATIVE_INFINITY)) dbz[i] = value;
      }
    }
  }
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const image = ctx.createImageData(width, height);
  for (let i = 0; i < dbz.length; i++) {
    const band = dbzBand(dbz[i] ?? Number.NEGATIVE_INFINITY);
    if (!band) continue;
    const n = Number.parseInt(band.color.slice(1), 16);
    image.data[i * 4] = (n >> 16) & 255;
    image.data[i * 4 + 1] = (n >> 8) & 255;
    image.data[i * 4 + 2] = n & 255;
    image.data[i * 4 + 3] = 210;
  }
  ctx.putImageData(image, 0, 0);
  const font = registerCanvasCjkFont() ? `"${CJK_FONT_FAMILY}"` : 'sans-serif';
  ctx.font = `bold 16px ${font}`;
  ctx.fillStyle = 'rgba(0,0,0,0.75)';
  ctx.fillText(`【演示】组合反射率 ${formatChinaDateTime(t).slice(0, 16)}`, 10, 24);
  return canvas.toBuffer('image/png');
}
