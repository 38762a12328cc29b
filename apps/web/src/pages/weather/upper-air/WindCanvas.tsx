import type {
  TrajectoryCollection as Trajectories,
  WindAqiPoint,
  WindField as WindFieldData,
} from '@lantian/contracts';
import { advanceParticles, type Particle, projector, type WindGrid } from '@lantian/domain';
import { useEffect, useRef, useState } from 'react';
import { aqiColor, CHINA_BOX, drawOutline, speedColor } from './draw';

/** At most 420 px high, and no taller than the map's shape needs on a narrow phone. */
const MAX_HEIGHT = 420;
const PARTICLES = 1500;
const MAX_AGE = 90;

/** The stored grid as the domain's WindGrid (missing cells NaN). */
export function gridOf(field: WindFieldData): WindGrid | null {
  const [u, v] = field.records;
  if (!u || !v) return null;
  const h = u.header;
  return {
    nx: h.nx,
    ny: h.ny,
    lo1: h.lo1,
    la1: h.la1,
    dx: h.dx,
    dy: h.dy,
    u: u.data.map((x) => x ?? Number.NaN),
    v: v.data.map((x) => x ?? Number.NaN),
  };
}

/**
 * The wind layer: the outline, the AQI points and any trajectories on a still canvas, and above it
 * particles that follow the wind and leave fading trails (drawn frame by frame on a second canvas).
 * A click answers the place clicked. `data-frames` counts the frames drawn (the e2e spec reads it).
 */
export function WindCanvas({
  field,
  outline,
  aqi,
  trajectories,
  onPick,
}: {
  field: WindFieldData;
  outline: unknown;
  aqi: readonly WindAqiPoint[];
  trajectories: Trajectories | null;
  onPick?: (lon: number, lat: number) => void;
}) {
  const wrap = useRef<HTMLDivElement>(null);
  const base = useRef<HTMLCanvasElement>(null);
  const moving = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(800);
  const height = Math.min(MAX_HEIGHT, Math.round(width * 0.62));

  useEffect(() => {
    const el = wrap.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(Math.max(320, Math.floor(el.clientWidth))));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const ctx = base.current?.getContext('2d');
    if (!ctx) return;
    ctx.clearRect(0, 0, width, height);
    ctx.fillStyle = '#0b1e33';
    ctx.fillRect(0, 0, width, height);
    drawOutline(ctx, CHINA_BOX, width, height, outline);
    const project = projector(CHINA_BOX, width, height);
    for (const p of aqi) {
      const { x, y } = project.toXY(p.longitude, p.latitude);
      ctx.fillStyle = aqiColor(p.aqi);
      ctx.beginPath();
      ctx.arc(x, y, 3.5, 0, Math.PI * 2);
      ctx.fill();
    }
    const colors = ['#ff4d4f', '#ffd666', '#69c0ff', '#b37feb', '#95de64'];
    trajectories?.features.forEach((f, k) => {
      ctx.strokeStyle = colors[k % colors.length] ?? '#fff';
      ctx.fillStyle = ctx.strokeStyle;
      ctx.lineWidth = 2.5;
      ctx.beginPath();
      f.geometry.coordinates.forEach(([lon, lat], i) => {
        const { x, y } = project.toXY(lon, lat);
        if (i === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      });
      ctx.stroke();
      // A dot every 6 hours along the path.
      f.geometry.coordinates.forEach(([lon, lat], i) => {
        if (i % 6 !== 0) return;
        const { x, y } = project.toXY(lon, lat);
        ctx.beginPath();
        ctx.arc(x, y, 3, 0, Math.PI * 2);
        ctx.fill();
      });
    });
  }, [width, height, outline, aqi, trajectories]);

  useEffect(() => {
    const canvas = moving.current;
    const ctx = canvas?.getContext('2d');
    const grid = gridOf(field);
    if (!canvas || !ctx || !grid) return;
    const project = projector(CHINA_BOX, width, height);
    let seed = 12_345;
    // A small deterministic generator: the same field starts the same way (stable screenshots).
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const particles: Particle[] = Array.from({ length: PARTICLES }, () => ({ lon: 0, lat: 0, age: MAX_AGE + 1 }));
    let frames = 0;
    let handle = 0;
    const step = () => {
      ctx.globalCompositeOperation = 'destination-in';
      ctx.fillStyle = 'rgba(0,0,0,0.95)';
      ctx.fillRect(0, 0, width, height);
      ctx.globalCompositeOperation = 'source-over';
      ctx.lineWidth = 1.6;
      // 0.01° per frame for 1 m/s: a 10 m/s wind crosses a degree in 10 frames, a calm 2 m/s one in 50.
      for (const s of advanceParticles(particles, grid, 0.01, MAX_AGE, random)) {
        const a = project.toXY(s.x0, s.y0);
        const b = project.toXY(s.x1, s.y1);
        ctx.strokeStyle = speedColor(s.speed);
        ctx.beginPath();
        ctx.moveTo(a.x, a.y);
        ctx.lineTo(b.x, b.y);
        ctx.stroke();
      }
      frames++;
      canvas.dataset.frames = String(frames);
      handle = requestAnimationFrame(step);
    };
    handle = requestAnimationFrame(step);
    return () => cancelAnimationFrame(handle);
  }, [field, width, height]);

  return (
    <div ref={wrap} className="lt-ua-wind" style={{ position: 'relative', height: height, overflow: 'hidden' }}>
      <canvas ref={base} width={width} height={height} style={{ position: 'absolute', inset: 0 }} />
      <canvas
        ref={moving}
        data-testid="wind-particles"
        width={width}
        height={height}
        style={{ position: 'absolute', inset: 0, cursor: onPick ? 'crosshair' : 'default' }}
        onClick={(e) => {
          if (!onPick) return;
          const rect = e.currentTarget.getBoundingClientRect();
          const { lon, lat } = projector(CHINA_BOX, width, height).toLonLat(
            e.clientX - rect.left,
            e.clientY - rect.top,
          );
          onPick(Math.round(lon * 100) / 100, Math.round(lat * 100) / 100);
        }}
      />
    </div>
  );
}
