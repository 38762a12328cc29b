import type { LidarDataType } from '@lantian/contracts';
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { dataTypeInfo } from './products';

/**
 * Server-rendered lidar images (PNG): an HS scan as a polar plot with range rings, a north mark, a
 * colour scale and its legend; the same scan as a transparent, north-up square for the map (its
 * corners are the scan's rectangle); a VF curtain (time × height) with the boundary layer's top; a
 * vehicle record's curtain (distance × height). Pixels are written straight into the image data
 * through a 256-colour table, which is what keeps a 360 × 800 scan under the 200 ms.
 * Text is in the canvas's default sans-serif face (DejaVu ships with the image; a machine without
 * fonts draws the image without its labels).
 */

/** The colour scale of aerosol lidars: deep blue → cyan → green → yellow → red → dark red. */
const STOPS: Array<[number, [number, number, number]]> = [
  [0, [0, 0, 140]],
  [0.15, [0, 60, 255]],
  [0.35, [0, 220, 255]],
  [0.5, [60, 230, 60]],
  [0.65, [255, 240, 0]],
  [0.82, [255, 100, 0]],
  [1, [150, 0, 0]],
];

function buildTable(): Uint8ClampedArray {
  const table = new Uint8ClampedArray(256 * 3);
  for (let i = 0; i < 256; i++) {
    const f = i / 255;
    let k = 0;
    while (k < STOPS.length - 2 && f > (STOPS[k + 1]?.[0] ?? 1)) k++;
    const [f0, c0] = STOPS[k] ?? [0, [0, 0, 0]];
    const [f1, c1] = STOPS[k + 1] ?? [1, [0, 0, 0]];
    const w = (f - f0) / Math.max(1e-9, f1 - f0);
    for (let j = 0; j < 3; j++) table[i * 3 + j] = (c0[j] ?? 0) + ((c1[j] ?? 0) - (c0[j] ?? 0)) * w;
  }
  return table;
}

export const COLOR_TABLE = buildTable();

/** Light grey of "no data" cells. */
const NO_DATA_RGB = [217, 217, 217] as const;

/** Writes the colour of `value` at pixel offset `p`: the table's, or grey for no data. */
function paint(data: Uint8ClampedArray, p: number, value: number, min: number, max: number, alpha: number): void {
  if (!Number.isFinite(value)) {
    data[p] = NO_DATA_RGB[0];
    data[p + 1] = NO_DATA_RGB[1];
    data[p + 2] = NO_DATA_RGB[2];
    data[p + 3] = alpha === 255 ? 255 : 60;
    return;
  }
  const ci = colourIndex(value, min, max) * 3;
  data[p] = COLOR_TABLE[ci] ?? 0;
  data[p + 1] = COLOR_TABLE[ci + 1] ?? 0;
  data[p + 2] = COLOR_TABLE[ci + 2] ?? 0;
  data[p + 3] = alpha;
}

/** Index into the colour table of a value on a scale (linear, clamped). */
function colourIndex(value: number, min: number, max: number): number {
  const f = (value - min) / (max - min);
  return Math.max(0, Math.min(255, Math.round(f * 255)));
}

export interface PolarImageInput {
  azimuthStart: number;
  azimuthStep: number;
  azimuthCount: number;
  bins: number;
  binMeters: number;
  firstRange: number;
  values: Float32Array;
  dataType: LidarDataType;
  title: string;
  subtitle: string;
}

function drawLegend(ctx: SKRSContext2D, x: number, y: number, height: number, dataType: LidarDataType): void {
  const info = dataTypeInfo(dataType);
  const width = 18;
  const image = ctx.createImageData(width, height);
  for (let row = 0; row < height; row++) {
    const idx = Math.round(((height - 1 - row) / (height - 1)) * 255) * 3;
    for (let col = 0; col < width; col++) {
      const p = (row * width + col) * 4;
      image.data[p] = COLOR_TABLE[idx] ?? 0;
      image.data[p + 1] = COLOR_TABLE[idx + 1] ?? 0;
      image.data[p + 2] = COLOR_TABLE[idx + 2] ?? 0;
      image.data[p + 3] = 255;
    }
  }
  ctx.putImageData(image, x, y);
  ctx.strokeStyle = '#333';
  ctx.strokeRect(x + 0.5, y + 0.5, width - 1, height - 1);
  ctx.fillStyle = '#222';
  ctx.font = '12px sans-serif';
  for (let k = 0; k <= 5; k++) {
    const value = info.min + ((info.max - info.min) * k) / 5;
    const ty = y + height - (height * k) / 5;
    ctx.fillRect(x + width, ty, 4, 1);
    ctx.fillText(formatTick(value, info.max), x + width + 7, ty + 4);
  }
  ctx.font = 'bold 12px sans-serif';
  ctx.fillText(legendTitle(dataType), x - 6, y - 10);
}

function formatTick(v: number, max: number): string {
  if (v === 0) return '0';
  return max <= 5 ? v.toFixed(2) : String(Math.round(v));
}

function legendTitle(dataType: LidarDataType): string {
  const info = dataTypeInfo(dataType);
  const names: Record<LidarDataType, string> = {
    Extinction: 'Ext.',
    Depolarization: 'Depol.',
    PM25: 'PM2.5',
    PM10: 'PM10',
    Visibility: 'Vis.',
  };
  return info.unit === '' ? names[dataType] : `${names[dataType]} ${info.unit}`;
}

/**
 * For each pixel of a size × size north-up square, the scan cell under it (−1 outside the scan):
 * atan2 and hypot once per geometry, kept for the next image of a scan shaped alike (a lidar's scans
 * all are), so painting is one table lookup per pixel.
 */
const cellMaps = new Map<string, Int32Array>();

function cellMap(size: number, input: PolarImageInput, maxRange: number): Int32Array {
  const key = `${size}|${input.azimuthStart}|${input.azimuthStep}|${input.azimuthCount}|${input.bins}|${input.binMeters}|${input.firstRange}|${maxRange}`;
  const cached = cellMaps.get(key);
  if (cached !== undefined) return cached;
  const map = new Int32Array(size * size).fill(-1);
  const c = size / 2;
  const metresPerPixel = maxRange / c;
  for (let py = 0; py < size; py++) {
    const dy = c - (py + 0.5);
    for (let px = 0; px < size; px++) {
      const dx = px + 0.5 - c;
      const range = Math.hypot(dx, dy) * metresPerPixel;
      const bin = Math.floor((range - input.firstRange) / input.binMeters + 0.5);
      if (bin < 0 || bin >= input.bins) continue;
      let az = (Math.atan2(dx, dy) * 180) / Math.PI;
      if (az < 0) az += 360;
      const k = Math.floor(((az - input.azimuthStart + 360) % 360) / input.azimuthStep + 0.5) % input.azimuthCount;
      map[py * size + px] = k * input.bins + bin;
    }
  }
  if (cellMaps.size >= 16) cellMaps.clear();
  cellMaps.set(key, map);
  return map;
}

/** Fills `data` (size × size) with the polar scan, north up; transparent outside the scan. */
function paintPolar(
  data: Uint8ClampedArray,
  size: number,
  input: PolarImageInput,
  alpha: number,
  maxRange: number,
): void {
  const { min, max } = dataTypeInfo(input.dataType);
  const map = cellMap(size, input, maxRange);
  for (let i = 0; i < map.length; i++) {
    const cell = map[i] ?? -1;
    if (cell >= 0) paint(data, i * 4, input.values[cell] ?? 0, min, max, alpha);
  }
}

/** The scan as a polar plot with its legend (PNG). */
export async function renderPolarImage(input: PolarImageInput): Promise<Buffer> {
  const plot = 640;
  const margin = 40;
  const width = plot + margin * 2 + 110;
  const height = plot + margin * 2 + 30;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  const maxRange = input.firstRange + input.bins * input.binMeters;
  const image = ctx.createImageData(plot, plot);
  paintPolar(image.data, plot, input, 255, maxRange);
  const top = margin + 30;
  ctx.putImageData(image, margin, top);
  const cx = margin + plot / 2;
  const cy = top + plot / 2;
  ctx.strokeStyle = 'rgba(255,255,255,0.8)';
  ctx.fillStyle = '#222';
  ctx.font = '11px sans-serif';
  const ringKm = maxRange > 4000 ? 1 : 0.5;
  for (let km = ringKm; km * 1000 <= maxRange + 1; km += ringKm) {
    const r = ((km * 1000) / maxRange) * (plot / 2);
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
    ctx.stroke();
    ctx.fillText(`${km} km`, cx + 3, cy - r + 12);
  }
  ctx.beginPath();
  ctx.moveTo(cx, top);
  ctx.lineTo(cx, top + plot);
  ctx.moveTo(margin, cy);
  ctx.lineTo(margin + plot, cy);
  ctx.stroke();
  ctx.font = 'bold 14px sans-serif';
  ctx.fillText('N', cx - 5, top - 4);
  ctx.font = 'bold 15px sans-serif';
  ctx.fillText(input.title, margin, 22);
  ctx.font = '12px sans-serif';
  ctx.fillText(input.subtitle, margin, 40);
  drawLegend(ctx, margin + plot + 30, top + 20, plot - 60, input.dataType);
  return canvas.encode('png');
}

/** The scan as a transparent, north-up square of `radius` metres around the lidar, for a map overlay. */
export async function renderOverlay(input: PolarImageInput, radius: number, size = 512): Promise<Buffer> {
  const canvas = createCanvas(size, size);
  const ctx = canvas.getContext('2d');
  const image = ctx.createImageData(size, size);
  paintPolar(image.data, size, input, 170, radius);
  ctx.putImageData(image, 0, 0);
  return canvas.encode('png');
}

export interface CurtainInput {
  /** Column labels (times or distances) and the columns' values: columns[c][bin]. */
  columns: Float32Array[];
  labels: string[];
  bins: number;
  binMeters: number;
  firstHeight: number;
  /** Height of the boundary layer's top per column (m), drawn as a line. */
  boundary: Array<number | null>;
  dataType: LidarDataType;
  title: string;
  subtitle: string;
  xTitle: string;
  maxHeight?: number;
}

/** A time × height (or distance × height) curtain with the boundary layer's top and a legend (PNG). */
export async function renderCurtain(input: CurtainInput): Promise<Buffer> {
  const plotW = 860;
  const plotH = 380;
  const left = 60;
  const top = 56;
  const width = left + plotW + 130;
  const height = top + plotH + 56;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  const { min, max } = dataTypeInfo(input.dataType);
  const maxHeight = input.maxHeight ?? input.firstHeight + input.bins * input.binMeters;
  const image = ctx.createImageData(plotW, plotH);
  const nCol = Math.max(1, input.columns.length);
  for (let px = 0; px < plotW; px++) {
    const column = input.columns[Math.min(nCol - 1, Math.floor((px / plotW) * nCol))];
    for (let py = 0; py < plotH; py++) {
      const p = (py * plotW + px) * 4;
      if (column === undefined) {
        image.data[p + 3] = 0;
        continue;
      }
      const z = ((plotH - py - 0.5) / plotH) * maxHeight;
      const bin = Math.floor((z - input.firstHeight) / input.binMeters + 0.5);
      paint(image.data, p, bin >= 0 && bin < input.bins ? (column[bin] ?? 0) : Number.NaN, min, max, 255);
    }
  }
  ctx.putImageData(image, left, top);
  // The boundary layer's top.
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 2;
  ctx.setLineDash([6, 4]);
  ctx.beginPath();
  let drawing = false;
  input.boundary.forEach((h, c) => {
    const x = left + ((c + 0.5) / nCol) * plotW;
    if (h === null) {
      drawing = false;
      return;
    }
    const y = top + plotH - (h / maxHeight) * plotH;
    if (drawing) ctx.lineTo(x, y);
    else ctx.moveTo(x, y);
    drawing = true;
  });
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.lineWidth = 1;
  ctx.fillStyle = '#222';
  ctx.strokeStyle = '#333';
  ctx.strokeRect(left + 0.5, top + 0.5, plotW - 1, plotH - 1);
  ctx.font = '11px sans-serif';
  for (let k = 0; k <= 5; k++) {
    const z = (maxHeight * k) / 5;
    const y = top + plotH - (plotH * k) / 5;
    ctx.fillRect(left - 4, y, 4, 1);
    ctx.fillText(`${Math.round(z)}`, left - 40, y + 4);
  }
  // Labels at least 110 px apart.
  let lastX = Number.NEGATIVE_INFINITY;
  for (let c = 0; c < input.labels.length; c++) {
    const x = left + ((c + 0.5) / nCol) * plotW;
    if (x - lastX < 110) continue;
    lastX = x;
    ctx.fillRect(x, top + plotH, 1, 4);
    ctx.fillText(input.labels[c] ?? '', x - 28, top + plotH + 16);
  }
  ctx.font = '12px sans-serif';
  ctx.fillText('Height (m)', 4, top - 8);
  ctx.fillText(input.xTitle, left + plotW / 2 - 30, top + plotH + 36);
  ctx.font = 'bold 15px sans-serif';
  ctx.fillText(input.title, left, 20);
  ctx.font = '12px sans-serif';
  ctx.fillText(input.subtitle, left, 38);
  drawLegend(ctx, left + plotW + 30, top + 16, plotH - 30, input.dataType);
  return canvas.encode('png');
}
