/**
 * Snapping while a shape is dragged: to the grid, and to the edges and middles of the other shapes
 * when one is near (the editor draws the guide line it snapped to).
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Snapped {
  x: number;
  y: number;
  /** Guide lines: a vertical one at x, a horizontal one at y. */
  guides: { x: number | null; y: number | null };
}

const stops = (start: number, size: number) => [start, start + size / 2, start + size];

/** Where `box` lands: the nearest other shape's edge or middle within `threshold`, else the grid. */
export function snapBox(box: Box, others: readonly Box[], grid: number, threshold: number): Snapped {
  const axis = (start: number, size: number, targets: number[]) => {
    let best: { shift: number; at: number } | undefined;
    for (const own of stops(start, size)) {
      for (const target of targets) {
        const shift = target - own;
        if (Math.abs(shift) <= threshold && (best === undefined || Math.abs(shift) < Math.abs(best.shift))) {
          best = { shift, at: target };
        }
      }
    }
    if (best !== undefined) return { value: start + best.shift, guide: best.at };
    return { value: grid > 0 ? Math.round(start / grid) * grid : start, guide: null };
  };
  const x = axis(
    box.x,
    box.width,
    others.flatMap((o) => stops(o.x, o.width)),
  );
  const y = axis(
    box.y,
    box.height,
    others.flatMap((o) => stops(o.y, o.height)),
  );
  return { x: x.value, y: y.value, guides: { x: x.guide, y: y.guide } };
}
