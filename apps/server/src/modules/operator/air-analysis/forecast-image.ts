import { asAqiLevel, LEVELS } from '@lantian/domain';
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { CJK_FONT_FAMILY, registerCanvasCjkFont } from '../../../platform/media/cjk-fonts';
import type { Polygons } from '../../data/maps';

registerCanvasCjkFont();
const FONT = `'${CJK_FONT_FAMILY}', 'WenQuanYi Micro Hei', 'Noto Sans CJK SC', sans-serif`;

export interface ForecastPoint {
  name: string;
  lon: number;
  lat: number;
  /** The upper level of the city's forecast range (the bulletin warns for the worse end). */
  level: number;
  levelText: string;
}

/** The area's outline and the borders of its parts (offline map files), drawn under the dots. */
export interface ForecastOutline {
  outline: Polygons;
  parts: Polygons[];
  /** China: the South China Sea islands lie outside the frame (they would halve the map's scale). */
  country: boolean;
}

/** Latitudes south of this are left out of China's frame. */
const CHINA_SOUTH = 17.6;

const WIDTH = 720;
const HEIGHT = 540;
const MARGIN = { top: 56, right: 24, bottom: 64, left: 24 };

/**
 * The day's AQI level forecast of an area's cities as a small map: each city at its seat of
 * government, a dot in its level's colour (HJ 633-2012) and its name, over the area's outline when
 * the map files have one, with a legend and a title. Places are drawn equirectangular, longitude
 * scaled by cos(latitude), which keeps a province's shape recognisable.
 */
export async function drawForecastMap(
  title: string,
  subtitle: string,
  points: readonly ForecastPoint[],
  shape?: ForecastOutline,
): Promise<Buffer> {
  const canvas = createCanvas(WIDTH, HEIGHT);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  ctx.fillStyle = '#111827';
  ctx.font = `bold 20px ${FONT}`;
  ctx.fillText(title, MARGIN.left, 30);
  ctx.fillStyle = '#6b7280';
  ctx.font = `13px ${FONT}`;
  ctx.fillText(subtitle, MARGIN.left, 48);

  const plotW = WIDTH - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  if (points.length === 0) {
    ctx.fillStyle = '#9ca3af';
    ctx.font = `16px ${FONT}`;
    ctx.fillText('暂无预报数据', WIDTH / 2 - 48, HEIGHT / 2);
  } else {
    // The frame: the outline's extent when there is one (the area, not just its cities), else the cities'.
    const ring = shape
      ? shape.outline.flat(2).filter(([, lat]) => !shape.country || (lat ?? 0) >= CHINA_SOUTH)
      : points.map((p) => [p.lon, p.lat]);
    const lons = ring.map(([lon]) => lon ?? 0);
    const lats = ring.map(([, lat]) => lat ?? 0);
    const lat0 = (Math.min(...lats) + Math.max(...lats)) / 2;
    const k = Math.cos((lat0 * Math.PI) / 180);
    const [minX, maxX, minY, maxY] = [
      Math.min(...lons) * k,
      Math.max(...lons) * k,
      Math.min(...lats),
      Math.max(...lats),
    ];
    const scale = Math.min(plotW / Math.max(maxX - minX, 0.2), plotH / Math.max(maxY - minY, 0.2)) * 0.92;
    const cx = (minX + maxX) / 2;
    const cy = (minY + maxY) / 2;
    const project = (lon: number, lat: number) => ({
      x: MARGIN.left + plotW / 2 + (lon * k - cx) * scale,
      y: MARGIN.top + plotH / 2 - (lat - cy) * scale,
    });
    const at = (p: ForecastPoint) => project(p.lon, p.lat);
    if (shape) {
      ctx.save();
      ctx.beginPath();
      ctx.rect(MARGIN.left, MARGIN.top, plotW, plotH);
      ctx.clip();
      const trace = (polygons: Polygons) => {
        ctx.beginPath();
        for (const polygon of polygons)
          for (const r of polygon) {
            r.forEach(([lon = 0, lat = 0], i) => {
              const { x, y } = project(lon, lat);
              if (i === 0) ctx.moveTo(x, y);
              else ctx.lineTo(x, y);
            });
            ctx.closePath();
          }
      };
      trace(shape.outline);
      ctx.fillStyle = '#f3f4f6';
      ctx.fill('evenodd');
      ctx.strokeStyle = '#9ca3af';
      ctx.lineWidth = 1;
      ctx.stroke();
      ctx.strokeStyle = '#d1d5db';
      ctx.lineWidth = 0.6;
      for (const part of shape.parts) {
        trace(part);
        ctx.stroke();
      }
      ctx.restore();
    }
    ctx.font = `12px ${FONT}`;
    // Names only while they can be read; a national map is a field of dots coloured by level.
    const labelled = points.length <= 40;
    const radius = labelled ? 9 : 5;
    for (const p of points) {
      const { x, y } = at(p);
      ctx.beginPath();
      ctx.arc(x, y, radius, 0, Math.PI * 2);
      ctx.fillStyle = LEVELS[asAqiLevel(p.level)].color;
      ctx.fill();
      ctx.strokeStyle = '#374151';
      ctx.lineWidth = 1;
      ctx.stroke();
      if (labelled) {
        ctx.fillStyle = '#111827';
        ctx.fillText(`${p.name} ${p.levelText}`, x + 12, y + 4);
      }
    }
  }

  // Legend: the six levels of HJ 633-2012.
  let x = MARGIN.left;
  const y = HEIGHT - 28;
  ctx.font = `12px ${FONT}`;
  for (const level of [1, 2, 3, 4, 5, 6] as const) {
    const info = LEVELS[level];
    ctx.fillStyle = info.color;
    ctx.fillRect(x, y - 10, 14, 14);
    ctx.strokeStyle = '#9ca3af';
    ctx.strokeRect(x, y - 10, 14, 14);
    ctx.fillStyle = '#374151';
    ctx.fillText(info.name, x + 18, y + 2);
    x += 22 + ctx.measureText(info.name).width + 14;
  }
  const rgba = ctx.getImageData(0, 0, WIDTH, HEIGHT).data;
  return sharp(Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength), {
    raw: { width: WIDTH, height: HEIGHT, channels: 4 },
  })
    .png()
    .toBuffer();
}
