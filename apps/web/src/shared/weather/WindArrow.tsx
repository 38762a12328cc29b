import { ARROW_PATH, downwindBearing } from './wind';

/** A small arrow pointing downwind; nothing when the direction is unknown or the air is calm. */
export function WindArrow({
  degrees,
  size = 14,
  color = 'currentColor',
}: {
  degrees: number | null | undefined;
  size?: number;
  color?: string;
}) {
  if (typeof degrees !== 'number' || !Number.isFinite(degrees)) return null;
  return (
    <svg
      width={size}
      height={size}
      viewBox="-10 -10 20 20"
      aria-hidden="true"
      style={{ transform: `rotate(${downwindBearing(degrees)}deg)`, flex: 'none', verticalAlign: 'middle' }}
    >
      <path d={ARROW_PATH} fill={color} />
    </svg>
  );
}
