import type {
  TrajectoryCollection as Trajectories,
  WindAqiPoint,
  WindField as WindFieldData,
} from '@lantian/contracts';
import {
  CHINA_BOX,
  drawParticleFrame,
  drawWindBase,
  freshParticles,
  particleRandom,
  projector,
  type WindGrid,
} from '@lantian/domain';
import { useEffect, useRef, useState } from 'react';

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
 * particles that follow the wind and leave fading trails (drawn frame by frame on a second canvas,
 * with @lantian/domain's drawing). A click answers the place clicked. `data-frames` counts the
 * frames drawn (the e2e spec reads it).
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
    if (ctx) drawWindBase(ctx, width, height, outline, aqi, trajectories?.features ?? []);
  }, [width, height, outline, aqi, trajectories]);

  useEffect(() => {
    const canvas = moving.current;
    const ctx = canvas?.getContext('2d');
    const grid = gridOf(field);
    if (!canvas || !ctx || !grid) return;
    const random = particleRandom();
    const particles = freshParticles(PARTICLES, MAX_AGE);
    let frames = 0;
    let handle = 0;
    const step = () => {
      drawParticleFrame(ctx, width, height, particles, grid, MAX_AGE, random);
      frames++;
      canvas.dataset.frames = String(frames);
      handle = requestAnimationFrame(step);
    };
    handle = requestAnimationFrame(step);
    return () => cancelAnimationFrame(handle);
  }, [field, width, height]);

  return (
    <div ref={wrap} className="lt-ua-wind" style={{ position: 'relative', height, overflow: 'hidden' }}>
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
