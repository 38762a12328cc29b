/**
 * The spec's PTZ commands (/lookout/voptz `command`) as ONVIF ContinuousMove velocities
 * (ONVIF PTZ Service Specification §5.3.3: pan/tilt in the generic velocity space [-1, 1], +x right,
 * +y up; zoom in the generic zoom velocity space [-1, 1], + zooms in). `stop` is not a velocity: it is
 * the ONVIF Stop call. The speed is a fraction of the camera's full speed, half by default: operators
 * aim by holding a button, and full speed overshoots on most dome cameras.
 */
export const PTZ_SPEED = 0.5;

export interface PtzVelocity {
  x: number;
  y: number;
  zoom: number;
}

const DIRECTIONS: Record<string, readonly [number, number, number]> = {
  up: [0, 1, 0],
  down: [0, -1, 0],
  left: [-1, 0, 0],
  right: [1, 0, 0],
  upleft: [-1, 1, 0],
  upright: [1, 1, 0],
  downleft: [-1, -1, 0],
  downright: [1, -1, 0],
  zoomin: [0, 0, 1],
  zoomout: [0, 0, -1],
  stop: [0, 0, 0],
};

/** The velocity of a command, or undefined for an unknown one. `stop` is all zeros. */
export function ptzVelocity(command: string, speed = PTZ_SPEED): PtzVelocity | undefined {
  const direction = DIRECTIONS[command];
  if (direction === undefined) return undefined;
  const s = Math.min(1, Math.max(0, speed));
  // `+ 0` turns -0 into 0: the SOAP body should read "0", not "-0".
  return { x: direction[0] * s + 0, y: direction[1] * s + 0, zoom: direction[2] * s + 0 };
}

/**
 * A simulated camera's position after moving at `velocity` for `seconds`: pan and tilt wrap in the
 * generic position space [-1, 1] like a dome's endless pan; tilt and zoom stop at their limits.
 * `fullTurnSeconds` is how long full speed takes across the whole space.
 */
export function ptzAdvance(
  position: PtzVelocity,
  velocity: PtzVelocity,
  seconds: number,
  fullTurnSeconds = 4,
): PtzVelocity {
  const step = (2 * seconds) / fullTurnSeconds;
  let x = position.x + velocity.x * step;
  while (x > 1) x -= 2;
  while (x < -1) x += 2;
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  return {
    x,
    y: clamp(position.y + velocity.y * step, -1, 1),
    zoom: clamp(position.zoom + velocity.zoom * step, 0, 1),
  };
}
