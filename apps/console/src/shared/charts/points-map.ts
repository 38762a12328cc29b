/**
 * The frame of a console map of points (devices, fire sites, water stations): the points' series
 * over the area's registered outline (`geo`), or, while the outline is not loaded or not known
 * (`mapName` undefined), on bare longitude/latitude axes so the points show at once. Each section
 * builds its own series and tooltip; the look of the outline is the same everywhere.
 */

/** The coordinate system a section's series must name for `mapName`. */
export function pointsCoordinateSystem(mapName: string | undefined): 'cartesian2d' | 'geo' {
  return mapName === undefined ? 'cartesian2d' : 'geo';
}

export function pointsMapOption(parts: {
  mapName: string | undefined;
  tooltip: Record<string, unknown>;
  series: readonly Record<string, unknown>[];
  /** Room on the right of the bare axes (for a legend drawn there). */
  right?: number;
}): Record<string, unknown> {
  const { mapName, tooltip, series } = parts;
  if (mapName === undefined) {
    return {
      animation: false,
      tooltip,
      grid: { left: 24, right: parts.right ?? 24, top: 24, bottom: 24 },
      xAxis: { type: 'value', scale: true, show: false },
      yAxis: { type: 'value', scale: true, show: false },
      series,
    };
  }
  return {
    animation: false,
    tooltip,
    geo: {
      map: mapName,
      roam: true,
      top: 24,
      bottom: 24,
      left: 24,
      right: 24,
      scaleLimit: { min: 0.6, max: 40 },
      itemStyle: { areaColor: '#eef3f9', borderColor: '#9db0c6', borderWidth: 1 },
      label: { show: true, color: '#8896a8', fontSize: 10 },
      emphasis: { disabled: true },
      select: { disabled: true },
      tooltip: { show: false },
    },
    series,
  };
}
