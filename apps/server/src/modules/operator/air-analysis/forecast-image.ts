import { asAqiLevel, LEVELS } from '@lantian/domain';
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { CJK_FONT_FAMILY, registerCanvasCjkFont } from '../../../platform/media/cjk-fonts';

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

const WIDTH = 720;
const HEIGHT = 540;
const MARGIN = { top: 56, right: 24, bottom: 64, left: 24 };

/**
 * The day's AQI level forecast of an area's cities as a small map: each city at its seat of
 * government, a dot in its level's colour (HJ 633-2012) and its name, a legend and a title. Cities are
 * placed equirectangularly scaled by cos(latitude), which keeps a province's shape recognisable.
 */
export async function drawForecastMap(
  title: string,
  subtitle: string,
  points: readonly ForecastPoint[],
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
    const lat0 = points.reduce((s, p) => s + p.lat, 0) / points.length;
    const k = Math.cos((lat0 * Math.PI) / 180);
    const xs = points.map((p) => p.lon * k);
    const ys = points.map((p) => p.lat);
    const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    const span = Math.max(maxX - minX, maxY - minY, 0.2);
    const scale = Math.min(plotW / span, plotH / span) * 0.85;
    const cx = (minX + maxX) / 2;
    const cy = (minY + maxY) / 2;
    const at = (p: ForecastPoint) => ({
      x: MARGIN.left + plotW / 2 + (p.lon * k - cx) * scale,
      y: MARGIN.top + plotH / 2 - (p.lat - cy) * scale,
    });
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
