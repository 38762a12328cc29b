import type { ImageMethod, ImagePollutant } from '@lantian/contracts';
import {
  fittedKriging,
  type IdwOptions,
  LEVELS,
  levelBreaks,
  POLLUTANTS,
  pollutantLevel,
  projectKm,
  SampleIndex,
  type Variogram,
} from '@lantian/domain';
import { createCanvas, Path2D, type SKRSContext2D } from '@napi-rs/canvas';
import sharp from 'sharp';
import { CJK_FONT_FAMILY, registerCanvasCjkFont } from '../../../platform/media/cjk-fonts';
import type { AreaShape, Polygons } from '../../data/maps';
import type { FrameLayout, Projection } from './frame-layout';

/**
 * Draws one frame: the IDW field of the stations' values over the area, coloured by the level of
 * each value (spec §9 colours, HJ 633-2012 breaks of the AQI or of the pollutant's 1-hour
 * concentration), clipped to the area's outline, with the parts' borders, a title band, a legend
 * and the method line. Outside the outline the PNG is transparent (an RGBA frame: it lies on any
 * page background; the video flattens it on white).
 *
 * The field is coloured every FIELD_STEP pixels (kriging: computed every KRIGING_STEP, its values
 * read bilinearly at FIELD_STEP) and drawn scaled with
 * smoothing; cells outside the outline (read from a mask drawn once per area) are skipped.
 */

export interface StationSample {
  lon: number;
  lat: number;
  value: number;
}

export interface FrameContent {
  shape: AreaShape;
  layout: FrameLayout;
  pollutant: ImagePollutant;
  /** 'YYYY-MM-DD HH:00' China time. */
  timeText: string;
  demo: boolean;
  samples: readonly StationSample[];
  method: ImageMethod;
  /** The neighbours and the radius (both methods) and the power (IDW). */
  idw: IdwOptions;
}

/** A field to colour: a value at planar km coordinates, NaN where there is none. */
interface Field {
  valueAt(x: number, y: number): number;
}

/**
 * Pixels between two computed values of the field: 3 (a ninth of the pixels; an IDW field is smooth,
 * and the drawing's smoothing blends the cells) keeps a national frame well within its time budget.
 */
export const FIELD_STEP = 3;
/**
 * Kriging solves a linear system per cell (ten times IDW's work): its field, smoother still, is
 * computed every 6 pixels, a quarter of IDW's cells.
 */
export const KRIGING_STEP = 6;

const stepOf = (content: FrameContent) => (content.method === 'kriging' ? KRIGING_STEP : FIELD_STEP);

// The packaged Noto Sans SC first (registered below), so a server without system CJK fonts still
// writes Chinese; system fonts after it.
registerCanvasCjkFont();
const FONT = `'${CJK_FONT_FAMILY}', 'WenQuanYi Micro Hei', 'Noto Sans CJK SC', 'Microsoft YaHei', sans-serif`;
/** Inside the outline where no station is within the search radius. */
const NO_DATA_FILL = '#e9edf2';

export const POLLUTANT_TITLES: Readonly<Record<ImagePollutant, string>> = {
  aqi: 'AQI',
  pm2_5: 'PM2.5',
  pm10: 'PM10',
  o3: 'O₃（1小时）',
  no2: 'NO₂',
  so2: 'SO₂',
  co: 'CO',
};

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** RGB of levels 1–6 by level number. */
const LEVEL_RGB = [1, 2, 3, 4, 5, 6].map((l) => rgb(LEVELS[l as 1].color));

/** Whether a polygon's outer ring reaches into the view (the inset draws only the islands near it). */
function touches(polygon: number[][][], p: Projection): boolean {
  const { lonMin, lonMax, latMin, latMax } = p.view;
  for (const pt of polygon[0] ?? []) {
    const lon = pt[0] ?? 0;
    const lat = pt[1] ?? 0;
    if (lon >= lonMin && lon <= lonMax && lat >= latMin && lat <= latMax) return true;
  }
  return false;
}

function tracePolygons(ctx: SKRSContext2D | Path2D, polygons: Polygons, p: Projection): void {
  for (const polygon of polygons) {
    if (!touches(polygon, p)) continue;
    for (const ring of polygon) {
      ring.forEach((pt, i) => {
        const x = p.x(pt[0] ?? 0);
        const y = p.y(pt[1] ?? 0);
        if (i === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      });
      ctx.closePath();
    }
  }
}

interface Paths {
  outline: Path2D;
  parts: Path2D | undefined;
}

/** The outlines as paths, built once per area and projection (tens of thousands of points each). */
const pathCache = new WeakMap<Projection, Paths>();

function pathsOf(shape: AreaShape, p: Projection): Paths {
  let paths = pathCache.get(p);
  if (paths === undefined) {
    const outline = new Path2D();
    tracePolygons(outline, shape.outline, p);
    let parts: Path2D | undefined;
    if (shape.parts.length > 0) {
      parts = new Path2D();
      for (const part of shape.parts) tracePolygons(parts, part, p);
    }
    paths = { outline, parts };
    pathCache.set(p, paths);
  }
  return paths;
}

/** Which field cells of a projection's box lie inside the outline (1) or not (0). */
function maskOf(shape: AreaShape, p: Projection, cols: number, rows: number, step: number): Uint8Array {
  const canvas = createCanvas(cols, rows);
  const ctx = canvas.getContext('2d');
  ctx.scale(1 / step, 1 / step);
  ctx.translate(-p.box.x, -p.box.y);
  const paths = pathsOf(shape, p);
  ctx.fillStyle = '#000';
  ctx.fill(paths.outline, 'evenodd');
  // A cell the outline's edge only grazes still counts: the clip decides the exact edge.
  ctx.lineWidth = step * 2;
  ctx.strokeStyle = '#000';
  ctx.stroke(paths.outline);
  const data = ctx.getImageData(0, 0, cols, rows).data;
  const mask = new Uint8Array(cols * rows);
  for (let i = 0; i < mask.length; i++) mask[i] = (data[i * 4 + 3] ?? 0) > 0 ? 1 : 0;
  return mask;
}

/** Per projection, the mask of each cell size. */
const masks = new WeakMap<Projection, Map<number, Uint8Array>>();

function maskFor(content: FrameContent, p: Projection, step: number) {
  const cols = Math.ceil(p.box.w / step);
  const rows = Math.ceil(p.box.h / step);
  let byStep = masks.get(p);
  if (byStep === undefined) {
    byStep = new Map();
    masks.set(p, byStep);
  }
  let mask = byStep.get(step);
  if (mask === undefined) {
    mask = maskOf(content.shape, p, cols, rows, step);
    byStep.set(step, mask);
  }
  return { cols, rows, mask };
}

/** The field's values every `step` pixels over the projection's box (NaN outside the mask or the radius). */
function valuesOf(content: FrameContent, p: Projection, field: Field, lat0: number, step: number) {
  const { cols, rows, mask } = maskFor(content, p, step);
  const values = new Float32Array(cols * rows).fill(Number.NaN);
  for (let row = 0; row < rows; row++) {
    const lat = p.lat(p.box.y + (row + 0.5) * step);
    for (let col = 0; col < cols; col++) {
      const at = row * cols + col;
      if (mask[at] === 0) continue;
      const { x, y } = projectKm(p.lon(p.box.x + (col + 0.5) * step), lat, lat0);
      values[at] = field.valueAt(x, y);
    }
  }
  return { cols, rows, values };
}

/**
 * The values of a coarse grid (every `from` pixels) read every `to` pixels by bilinear
 * interpolation of the values, not of the colours: the level boundaries come out at the fine step.
 * Corners without a value are left out of the weights.
 */
function refine(
  coarse: { cols: number; rows: number; values: Float32Array },
  from: number,
  to: number,
  cols: number,
  rows: number,
) {
  const out = new Float32Array(cols * rows).fill(Number.NaN);
  const ratio = to / from;
  for (let row = 0; row < rows; row++) {
    const v = Math.max(0, (row + 0.5) * ratio - 0.5);
    const r0 = Math.min(coarse.rows - 1, Math.floor(v));
    const r1 = Math.min(coarse.rows - 1, r0 + 1);
    const fv = v - r0;
    for (let col = 0; col < cols; col++) {
      const u = Math.max(0, (col + 0.5) * ratio - 0.5);
      const c0 = Math.min(coarse.cols - 1, Math.floor(u));
      const c1 = Math.min(coarse.cols - 1, c0 + 1);
      const fu = u - c0;
      let sw = 0;
      let sv = 0;
      const corners: [number, number, number][] = [
        [r0, c0, (1 - fu) * (1 - fv)],
        [r0, c1, fu * (1 - fv)],
        [r1, c0, (1 - fu) * fv],
        [r1, c1, fu * fv],
      ];
      for (const [r, c, w] of corners) {
        const value = coarse.values[r * coarse.cols + c] ?? Number.NaN;
        if (Number.isNaN(value) || w === 0) continue;
        sw += w;
        sv += w * value;
      }
      if (sw > 0) out[row * cols + col] = sv / sw;
    }
  }
  return out;
}

/** The coloured field of one projection, as a canvas of FIELD_STEP cells. */
function fieldCanvas(content: FrameContent, p: Projection, field: Field, lat0: number) {
  const step = stepOf(content);
  const { cols, rows, mask } = maskFor(content, p, FIELD_STEP);
  const computed = valuesOf(content, p, field, lat0, step);
  const values = step === FIELD_STEP ? computed.values : refine(computed, step, FIELD_STEP, cols, rows);
  const canvas = createCanvas(cols, rows);
  const ctx = canvas.getContext('2d');
  const image = ctx.createImageData(cols, rows);
  const px = image.data;
  const key = content.pollutant;
  for (let at = 0; at < values.length; at++) {
    const value = values[at] ?? Number.NaN;
    if (mask[at] === 0 || Number.isNaN(value)) continue;
    // An interpolated value at or below 0 is still the cleanest level, not "unknown".
    const level = Math.max(1, pollutantLevel(key, value, 'HOUR'));
    const c = LEVEL_RGB[level - 1] ?? [153, 153, 153];
    const o = at * 4;
    px[o] = c[0];
    px[o + 1] = c[1];
    px[o + 2] = c[2];
    px[o + 3] = 255;
  }
  ctx.putImageData(image, 0, 0);
  return canvas;
}

function drawMap(ctx: SKRSContext2D, content: FrameContent, p: Projection, index: Field, lat0: number) {
  const field = fieldCanvas(content, p, index, lat0);
  const paths = pathsOf(content.shape, p);
  // Nothing of the map leaves its box (the South China Sea islands lie below China's main view).
  ctx.save();
  ctx.beginPath();
  ctx.rect(p.box.x, p.box.y, p.box.w, p.box.h);
  ctx.clip();
  ctx.save();
  ctx.clip(paths.outline, 'evenodd');
  ctx.fillStyle = NO_DATA_FILL;
  ctx.fillRect(p.box.x, p.box.y, p.box.w, p.box.h);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(field, p.box.x, p.box.y, field.width * FIELD_STEP, field.height * FIELD_STEP);
  ctx.restore();

  ctx.lineJoin = 'round';
  if (paths.parts !== undefined) {
    ctx.strokeStyle = 'rgba(255,255,255,0.85)';
    ctx.lineWidth = 0.8;
    ctx.stroke(paths.parts);
  }
  ctx.strokeStyle = '#4b5563';
  ctx.lineWidth = 1.1;
  ctx.stroke(paths.outline);
  ctx.restore();
}

function drawInsetFrame(ctx: SKRSContext2D, p: Projection) {
  ctx.fillStyle = 'rgba(255,255,255,0.92)';
  ctx.fillRect(p.box.x, p.box.y, p.box.w, p.box.h);
}

function drawInsetBorder(ctx: SKRSContext2D, p: Projection) {
  ctx.strokeStyle = '#9ca3af';
  ctx.lineWidth = 1;
  ctx.strokeRect(p.box.x + 0.5, p.box.y + 0.5, p.box.w - 1, p.box.h - 1);
  ctx.fillStyle = '#4b5563';
  ctx.font = `11px ${FONT}`;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'bottom';
  ctx.fillText('南海诸岛', p.box.x + p.box.w - 5, p.box.y + p.box.h - 4);
}

/** Level names short enough for the legend's one row (轻度 for 轻度污染…). */
const SHORT_LEVEL_NAMES = ['优', '良', '轻度', '中度', '重度', '严重'] as const;

/** Label of a level's range: '0–35', '350以上'. */
function rangeLabel(key: ImagePollutant, level: number): string {
  const breaks = levelBreaks(key, 'HOUR');
  const lo = breaks[level - 1] ?? 0;
  const hi = breaks[level];
  if (level === 6 || hi === undefined) return `>${lo}`;
  return `${lo}–${hi}`;
}

function drawTitle(ctx: SKRSContext2D, content: FrameContent) {
  const { layout } = content;
  const x = layout.main.box.x;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = '#111827';
  ctx.font = `bold 22px ${FONT}`;
  const title = `${content.shape.name} ${POLLUTANT_TITLES[content.pollutant]} 空间分布`;
  ctx.fillText(title, x, 32);
  let after = x + ctx.measureText(title).width + 10;
  if (content.demo) {
    ctx.fillStyle = '#dc2626';
    ctx.font = `bold 18px ${FONT}`;
    ctx.fillText('【演示】', after, 31);
    after += ctx.measureText('【演示】').width;
  }
  ctx.fillStyle = '#4b5563';
  ctx.font = `15px ${FONT}`;
  const v = layout.main.view;
  const inView = content.samples.filter(
    (s) => s.lon >= v.lonMin && s.lon <= v.lonMax && s.lat >= v.latMin && s.lat <= v.latMax,
  ).length;
  ctx.fillText(`${content.timeText}（北京时间）  图幅内 ${inView} 个监测站点`, x, 55);
}

function drawLegend(ctx: SKRSContext2D, content: FrameContent, variogram: Variogram | undefined) {
  const { layout, pollutant } = content;
  const top = layout.main.box.y + layout.main.box.h + 10;
  const x0 = layout.main.box.x;
  const unit = pollutant === 'aqi' ? '' : `（${POLLUTANTS[pollutant].unit}）`;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  ctx.font = `bold 13px ${FONT}`;
  ctx.fillStyle = '#374151';
  const head = `${POLLUTANT_TITLES[pollutant]}${unit}`;
  ctx.fillText(head, x0, top + 9);
  let x = x0 + ctx.measureText(head).width + 12;
  ctx.font = `12px ${FONT}`;
  const items = [1, 2, 3, 4, 5, 6].map((level) => ({
    color: LEVELS[level as 1].color,
    label: `${SHORT_LEVEL_NAMES[level - 1] ?? ''} ${rangeLabel(pollutant, level)}`,
  }));
  items.push({ color: NO_DATA_FILL, label: '无站点' });
  for (const item of items) {
    ctx.fillStyle = item.color;
    ctx.fillRect(x, top + 2, 16, 14);
    ctx.strokeStyle = 'rgba(0,0,0,0.25)';
    ctx.lineWidth = 1;
    ctx.strokeRect(x + 0.5, top + 2.5, 15, 13);
    ctx.fillStyle = '#374151';
    ctx.fillText(item.label, x + 20, top + 9);
    x += 20 + ctx.measureText(item.label).width + 14;
  }

  ctx.font = `11px ${FONT}`;
  ctx.fillStyle = '#6b7280';
  const { idw } = content;
  const fit = (v: number) => (v >= 100 ? Math.round(v) : Number(v.toPrecision(3)));
  const method =
    variogram === undefined
      ? `反距离权重插值（IDW）：幂 ${idw.power}，最近 ${idw.neighbours} 个站点`
      : `普通克里金插值：球状变异函数按本时次拟合（块金 ${fit(variogram.nugget)}，偏基台 ${fit(variogram.sill)}，变程 ${Math.round(variogram.range)} km），最近 ${idw.neighbours} 个站点`;
  ctx.fillText(`${method}，搜索半径 ${idw.radius} km；等级按 HJ 633-2012（小时值）。蓝天空气质量`, x0, top + 34);
}

/**
 * PNG through sharp (libvips, on the thread pool): about ten times faster than the canvas's own
 * encoder at the national frame's size, and the event loop stays free meanwhile.
 */
async function encodePng(ctx: SKRSContext2D, width: number, height: number): Promise<Buffer> {
  const rgba = ctx.getImageData(0, 0, width, height).data;
  return sharp(Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength), { raw: { width, height, channels: 4 } })
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
}

/** The frame as a PNG. */
export async function renderFrame(content: FrameContent): Promise<Buffer> {
  const { layout } = content;
  const lat0 = (layout.main.view.latMin + layout.main.view.latMax) / 2;
  const planar = content.samples.map((s) => ({ ...projectKm(s.lon, s.lat, lat0), value: s.value }));
  let index: Field;
  let variogram: Variogram | undefined;
  if (content.method === 'kriging') {
    const kriging = fittedKriging(planar, 'spherical', content.idw);
    index = kriging;
    variogram = kriging.variogram;
  } else {
    index = new SampleIndex(planar, content.idw);
  }
  const canvas = createCanvas(layout.width, layout.height);
  const ctx = canvas.getContext('2d');
  drawMap(ctx, content, layout.main, index, lat0);
  if (layout.inset !== undefined) {
    drawInsetFrame(ctx, layout.inset);
    drawMap(ctx, content, layout.inset, index, lat0);
    drawInsetBorder(ctx, layout.inset);
  }
  drawTitle(ctx, content);
  drawLegend(ctx, content, variogram);
  return encodePng(ctx, layout.width, layout.height);
}
