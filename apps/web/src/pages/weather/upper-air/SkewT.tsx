import { drawSkewT, type SoundingLevel, skewTPoint } from '@lantian/domain';
import { useEffect, useRef } from 'react';

const W = 460;
const H = 500;

/**
 * The skew-T log-p diagram of one ascent: skewed isotherms, dry and moist adiabats, the temperature
 * (red) and dew-point (green) profiles and wind barbs. `data-profile` carries the drawn points
 * (pressure, temperature, x, y) so that a test can check them against the API.
 */
export function SkewT({ levels }: { levels: readonly SoundingLevel[] }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const ctx = ref.current?.getContext('2d');
    if (ctx) drawSkewT(ctx, W, H, levels);
  }, [levels]);
  const profile = levels
    .filter((l) => l.temperature !== null)
    .map((l) => {
      const { x, y } = skewTPoint(W, H, l.temperature as number, l.pressure);
      return [l.pressure, l.temperature, Math.round(x), Math.round(y)];
    });
  return (
    <canvas
      ref={ref}
      width={W}
      height={H}
      data-testid="skew-t"
      data-profile={JSON.stringify(profile)}
      role="img"
      aria-label="探空温度对数压力图（skew-T）"
      style={{ maxWidth: '100%' }}
    />
  );
}
