import {
  advanceParticles,
  barbParts,
  type LonLatBox,
  type Particle,
  projector,
  SKEW_T_FRAME,
  skewTReferenceLines,
  skewTX,
  skewTY,
} from './plot';
import type { SoundingLevel } from './thermo';
import type { WindGrid } from './wind-grid';

/**
 * Drawing of the upper-air plots on a 2-D canvas context handed in (the console's and the public
 * site's canvases alike; nothing here touches a document): the skew-T log-p diagram, the outline,
 * AQI points and trajectories under the wind layer, and one frame of its particles. The context is
 * typed structurally so that this package needs no DOM types.
 */

/** The part of CanvasRenderingContext2D the plots use. */
export interface Canvas2D {
  strokeStyle: unknown;
  fillStyle: unknown;
  lineWidth: number;
  font: string;
  textAlign: string;
  globalCompositeOperation: string;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  arc(x: number, y: number, r: number, start: number, end: number): void;
  rect(x: number, y: number, w: number, h: number): void;
  stroke(): void;
  fill(): void;
  clip(): void;
  save(): void;
  restore(): void;
  setLineDash(segments: number[]): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  clearRect(x: number, y: number, w: number, h: number): void;
  strokeRect(x: number, y: number, w: number, h: number): void;
  fillText(text: string, x: number, y: number): void;
}

export const CHINA_BOX: LonLatBox = { west: 73, east: 135, south: 18, north: 54 };

/** Plot area inside the canvas, leaving room for the axes and the barbs on the right. */
const MARGIN = { left: 44, right: 56, top: 10, bottom: 28 };

export function skewTPoint(width: number, height: number, t: number, p: number) {
  const w = width - MARGIN.left - MARGIN.right;
  const h = height - MARGIN.top - MARGIN.bottom;
  return { x: MARGIN.left + skewTX(SKEW_T_FRAME, t, p) * w, y: MARGIN.top + skewTY(SKEW_T_FRAME, p) * h };
}

export function drawSkewT(ctx: Canvas2D, width: number, height: number, levels: readonly SoundingLevel[]) {
  const w = width - MARGIN.left - MARGIN.right;
  const h = height - MARGIN.top - MARGIN.bottom;
  const X = (fx: number) => MARGIN.left + fx * w;
  const Y = (fy: number) => MARGIN.top + fy * h;
  ctx.clearRect(0, 0, width, height);
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.save();
  ctx.beginPath();
  ctx.rect(MARGIN.left, MARGIN.top, w, h);
  ctx.clip();
  const ref = skewTReferenceLines();
  const poly = (points: { x: number; y: number }[], style: string, dash: number[] = []) => {
    ctx.strokeStyle = style;
    ctx.setLineDash(dash);
    ctx.beginPath();
    points.forEach((pt, i) => {
      if (i === 0) ctx.moveTo(X(pt.x), Y(pt.y));
      else ctx.lineTo(X(pt.x), Y(pt.y));
    });
    ctx.stroke();
  };
  ctx.lineWidth = 1;
  for (const a of ref.dryAdiabats) poly(a.points, 'rgba(200,120,40,0.35)');
  for (const a of ref.moistAdiabats) poly(a.points, 'rgba(40,140,60,0.35)', [4, 3]);
  for (const i of ref.isotherms) poly(i.points, i.t === 0 ? 'rgba(30,90,200,0.7)' : 'rgba(30,90,200,0.25)');
  for (const b of ref.isobars)
    poly(
      [
        { x: 0, y: b.y },
        { x: 2, y: b.y },
      ],
      'rgba(0,0,0,0.25)',
    );
  ctx.setLineDash([]);
  const profile = (key: 'temperature' | 'dewpoint', color: string) => {
    ctx.strokeStyle = color;
    ctx.lineWidth = 2.5;
    ctx.beginPath();
    let started = false;
    for (const l of levels) {
      const t = l[key];
      if (t === null) continue;
      const pt = skewTPoint(width, height, t, l.pressure);
      if (started) ctx.lineTo(pt.x, pt.y);
      else ctx.moveTo(pt.x, pt.y);
      started = true;
    }
    ctx.stroke();
  };
  profile('temperature', '#d4380d');
  profile('dewpoint', '#389e0d');
  ctx.restore();
  // Axes: pressures on the left, temperatures along the bottom.
  ctx.fillStyle = '#333';
  ctx.font = '11px sans-serif';
  ctx.textAlign = 'right';
  for (const b of ref.isobars) ctx.fillText(String(b.p), MARGIN.left - 4, Y(b.y) + 4);
  ctx.textAlign = 'center';
  for (let t = -40; t <= 50; t += 10)
    ctx.fillText(`${t}`, skewTPoint(width, height, t, SKEW_T_FRAME.pBottom).x, height - 10);
  ctx.strokeStyle = '#666';
  ctx.strokeRect(MARGIN.left, MARGIN.top, w, h);
  // Wind barbs on the right, at each level with a wind.
  const barbX = width - MARGIN.right / 2;
  ctx.strokeStyle = '#222';
  ctx.fillStyle = '#222';
  ctx.lineWidth = 1.2;
  for (const l of levels) {
    if (l.windDirection === null || l.windSpeed === null || l.pressure < SKEW_T_FRAME.pTop) continue;
    drawBarb(ctx, barbX, Y(skewTY(SKEW_T_FRAME, l.pressure)), l.windDirection, l.windSpeed);
  }
}

/** A wind barb at (x, y): the staff points to where the wind comes from, flags on its end. */
function drawBarb(ctx: Canvas2D, x: number, y: number, direction: number, speed: number) {
  const { pennants, full, half } = barbParts(speed);
  const r = (direction * Math.PI) / 180;
  const dx = Math.sin(r);
  const dy = -Math.cos(r);
  const len = 22;
  ctx.beginPath();
  ctx.arc(x, y, 1.5, 0, Math.PI * 2);
  ctx.fill();
  if (speed < 1) return;
  const ex = x + dx * len;
  const ey = y + dy * len;
  ctx.beginPath();
  ctx.moveTo(x, y);
  ctx.lineTo(ex, ey);
  ctx.stroke();
  // Flags on the clockwise side of the staff.
  const px = -dy;
  const py = dx;
  let at = 0;
  for (let i = 0; i < pennants; i++, at += 5) {
    ctx.beginPath();
    ctx.moveTo(ex - dx * at, ey - dy * at);
    ctx.lineTo(ex - dx * at + px * 9, ey - dy * at + py * 9);
    ctx.lineTo(ex - dx * (at + 5), ey - dy * (at + 5));
    ctx.fill();
  }
  for (let i = 0; i < full; i++, at += 4) {
    ctx.beginPath();
    ctx.moveTo(ex - dx * at, ey - dy * at);
    ctx.lineTo(ex - dx * at + px * 9 + dx * 3, ey - dy * at + py * 9 + dy * 3);
    ctx.stroke();
  }
  if (half) {
    ctx.beginPath();
    ctx.moveTo(ex - dx * at, ey - dy * at);
    ctx.lineTo(ex - dx * at + px * 5 + dx * 2, ey - dy * at + py * 5 + dy * 2);
    ctx.stroke();
  }
}

type Ring = number[][];
interface Geometry {
  type: string;
  coordinates: unknown;
}

/** The outline of a GeoJSON FeatureCollection's polygons. */
export function drawOutline(ctx: Canvas2D, box: LonLatBox, width: number, height: number, geojson: unknown) {
  const project = projector(box, width, height);
  const features = (geojson as { features?: { geometry?: Geometry | null }[] }).features ?? [];
  ctx.strokeStyle = 'rgba(80,90,110,0.8)';
  ctx.lineWidth = 0.8;
  const ring = (r: Ring) => {
    ctx.beginPath();
    r.forEach((c, i) => {
      const { x, y } = project.toXY(c[0] ?? 0, c[1] ?? 0);
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    });
    ctx.stroke();
  };
  for (const f of features) {
    const g = f.geometry;
    if (!g) continue;
    if (g.type === 'Polygon') for (const r of g.coordinates as Ring[]) ring(r);
    if (g.type === 'MultiPolygon') for (const poly of g.coordinates as Ring[][]) for (const r of poly) ring(r);
  }
}

/** Colour of a wind speed on the particle layer (calm blue → strong red). */
export function speedColor(speed: number): string {
  const stops = ['#8fd3ff', '#a6f0c6', '#e6f598', '#fee08b', '#fdae61', '#f46d43', '#ff5a6e'];
  return stops[Math.min(stops.length - 1, Math.floor(speed / 2.5))] ?? '#ff5a6e';
}

export function aqiColor(aqi: number | null): string {
  if (aqi === null) return '#bbb';
  if (aqi <= 50) return '#00e400';
  if (aqi <= 100) return '#ffff00';
  if (aqi <= 150) return '#ff7e00';
  if (aqi <= 200) return '#ff0000';
  if (aqi <= 300) return '#99004c';
  return '#7e0023';
}

/** The still layer under the particles: background, outline, AQI points, trajectories (a dot every 6 h). */
export function drawWindBase(
  ctx: Canvas2D,
  width: number,
  height: number,
  outline: unknown,
  points: readonly { longitude: number; latitude: number; aqi: number | null }[],
  lines: readonly { geometry: { coordinates: readonly (readonly [number, number])[] } }[],
) {
  ctx.clearRect(0, 0, width, height);
  ctx.fillStyle = '#0b1e33';
  ctx.fillRect(0, 0, width, height);
  drawOutline(ctx, CHINA_BOX, width, height, outline);
  const project = projector(CHINA_BOX, width, height);
  for (const p of points) {
    const { x, y } = project.toXY(p.longitude, p.latitude);
    ctx.fillStyle = aqiColor(p.aqi);
    ctx.beginPath();
    ctx.arc(x, y, 3.5, 0, Math.PI * 2);
    ctx.fill();
  }
  const colors = ['#ff4d4f', '#ffd666', '#69c0ff', '#b37feb', '#95de64'];
  lines.forEach((f, k) => {
    const color = colors[k % colors.length] ?? '#fff';
    ctx.strokeStyle = color;
    ctx.fillStyle = color;
    ctx.lineWidth = 2.5;
    ctx.beginPath();
    f.geometry.coordinates.forEach(([lon, lat], i) => {
      const { x, y } = project.toXY(lon, lat);
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    });
    ctx.stroke();
    f.geometry.coordinates.forEach(([lon, lat], i) => {
      if (i % 6 !== 0) return;
      const { x, y } = project.toXY(lon, lat);
      ctx.beginPath();
      ctx.arc(x, y, 3, 0, Math.PI * 2);
      ctx.fill();
    });
  });
}

/** Particles the layer starts with: all "too old", so the first frame seeds them at random places. */
export const freshParticles = (count: number, maxAge: number): Particle[] =>
  Array.from({ length: count }, () => ({ lon: 0, lat: 0, age: maxAge + 1 }));

/**
 * One frame of the particle layer: the old trails fade, each particle moves with the wind (0.01° a
 * frame for 1 m/s: a 10 m/s wind crosses a degree in 10 frames) and draws its step, coloured by speed.
 */
export function drawParticleFrame(
  ctx: Canvas2D,
  width: number,
  height: number,
  particles: Particle[],
  grid: WindGrid,
  maxAge: number,
  random: () => number,
) {
  const project = projector(CHINA_BOX, width, height);
  ctx.globalCompositeOperation = 'destination-in';
  ctx.fillStyle = 'rgba(0,0,0,0.95)';
  ctx.fillRect(0, 0, width, height);
  ctx.globalCompositeOperation = 'source-over';
  ctx.lineWidth = 1.6;
  for (const s of advanceParticles(particles, grid, 0.01, maxAge, random)) {
    const a = project.toXY(s.x0, s.y0);
    const b = project.toXY(s.x1, s.y1);
    ctx.strokeStyle = speedColor(s.speed);
    ctx.beginPath();
    ctx.moveTo(a.x, a.y);
    ctx.lineTo(b.x, b.y);
    ctx.stroke();
  }
}

/** A small deterministic generator: the same field starts the same way (stable screenshots). */
export function particleRandom(seed = 12_345): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}
